"""GripFitDriver: pytest-gripfit's session API and `gripfit-serial check` on a bound serial port."""

import json
import os
import shutil
import subprocess
import tempfile
from typing import Any, Dict, List, Optional

import attr
from labgrid.driver.common import Driver
from labgrid.factory import target_factory
from labgrid.resource import NetworkSerialPort
from labgrid.step import step
from labgrid.util.proxy import proxymanager
from pytest_gripfit.session import GripFitSession

from .bridge import GripFitBridge

Event = Dict[str, Any]


@target_factory.reg_driver
@attr.s(eq=False)
class GripFitDriver(Driver):
    """A GripFit behind a bridge on a SerialPort (a GripFitBridge, USBSerialPort or RawSerialPort)
    or a NetworkSerialPort (ser2net, a labgrid exporter; RFC 2217 or raw). The session
    (`gripfit-serial monitor --format jsonl --commands -`) starts with the first call that needs
    it and ends when the driver is deactivated; check() needs the port to itself, so it ends a
    running session first and the next call starts a new one.

    `binary` is the gripfit-serial to run (default: the environment's `tools: gripfit-serial`,
    else the one on the PATH); `unit` (kg, lb or N) makes readings carry their force."""

    bindings = {"port": {"SerialPort", "NetworkSerialPort"}}

    binary = attr.ib(default=None, validator=attr.validators.optional(attr.validators.instance_of(str)))
    unit = attr.ib(default=None, validator=attr.validators.optional(attr.validators.in_(["kg", "lb", "N"])))

    def __attrs_post_init__(self):
        super().__attrs_post_init__()
        self._session: Optional[GripFitSession] = None
        self.report: Optional[Dict[str, Any]] = None

    # labgrid's life cycle

    def on_deactivate(self):
        self._end_session()

    @Driver.check_bound
    def get_export_vars(self):
        """`labgrid-client export`'s LG__GRIPFITDRIVER_PORT: the --port to give gripfit-serial."""
        return {"port": self.port_argument()}

    # Where the GripFit is

    def port_argument(self) -> str:
        """gripfit-serial's --port for the bound resource."""
        if isinstance(self.port, NetworkSerialPort):
            host, port = proxymanager.get_host_and_port(self.port)
            if self.port.protocol == "rfc2217":
                return f"rfc2217://{host}:{port}"
            if self.port.protocol == "raw":
                return f"tcp://{host}:{port}"
            raise ValueError(f"GripFitDriver: {self.port.name or 'the NetworkSerialPort'} has protocol "
                             f"{self.port.protocol!r}; gripfit-serial speaks rfc2217 or raw")
        if isinstance(self.port, GripFitBridge) and self.port.match.get("ID_SERIAL_SHORT"):
            return self.port.match["ID_SERIAL_SHORT"]
        if not self.port.port:
            raise ValueError(f"GripFitDriver: {self.port.name or 'the serial port'} has no device (is it plugged in?)")
        return self.port.port

    def gripfit_serial(self) -> str:
        """The binary to run, found as the class says; a missing one is an error naming the fix."""
        named = self.binary or (self.target.env.config.get_tool("gripfit-serial") if self.target.env else None)
        found = shutil.which(named or "gripfit-serial")
        if not found:
            raise FileNotFoundError(f"GripFitDriver: {named or 'gripfit-serial'} not found: build or install "
                                    "gripfit-serial, and name it with the driver's binary: or the environment's "
                                    "tools: gripfit-serial:")
        return found

    # The session

    def _live(self) -> GripFitSession:
        if self._session is None:
            extra = ["--unit", self.unit] if self.unit else []
            self._session = GripFitSession(self.gripfit_serial(), ["--port", self.port_argument()], extra)
        return self._session

    def _end_session(self):
        if self._session is not None:
            session, self._session = self._session, None
            session.close()

    @property
    def session(self) -> GripFitSession:
        """The live session (started if need be): its `jsonl`, `stderr`, `pin()` and `mark()`."""
        return self._live()

    @Driver.check_active
    @step(args=["n"])
    def readings(self, n: int = 1, timeout: float = 5.0) -> List[Event]:
        return self._live().readings(n, timeout)

    @Driver.check_active
    @step(args=["low", "high", "unit"], result=True)
    def expect_reading(self, low: float, high: float, timeout: float = 2.0, unit: Optional[str] = None) -> Event:
        return self._live().expect_reading(low, high, timeout, unit)

    @Driver.check_active
    @step()
    def tare(self, timeout: float = 15.0) -> Event:
        return self._live().tare(timeout)

    @Driver.check_active
    @step(result=True)
    def ping(self, timeout: float = 15.0) -> Event:
        return self._live().ping(timeout)

    @Driver.check_active
    @step(args=["ms"])
    def rate(self, ms: int, timeout: float = 15.0) -> Event:
        return self._live().rate(ms, timeout)

    @Driver.check_active
    @step(result=True)
    def info(self, timeout: float = 15.0) -> Event:
        return self._live().info(timeout)

    @Driver.check_active
    def events(self) -> List[Event]:
        """The current session's events so far, oldest first (none before the first call)."""
        return self._session.events() if self._session else []

    # The conformance check

    @Driver.check_active
    @step(args=["options"])
    def check(self, *options: str, timeout: float = 300) -> List[Event]:
        """Runs `gripfit-serial check --json-file` (with `options`, e.g. "--only", "ping") and returns
        its cases (name, result, message, figures); the whole report is `self.report` afterwards."""
        self._end_session()
        binary = self.gripfit_serial()
        with tempfile.TemporaryDirectory(prefix="gripfit-labgrid-") as scratch:
            path = os.path.join(scratch, "check.json")
            command = [binary, "check", "--json-file", path, "--port", self.port_argument(), *options]
            result = subprocess.run(command, stdin=subprocess.DEVNULL, capture_output=True, text=True,
                                    timeout=timeout)
            if not os.path.exists(path):
                raise RuntimeError(f"{' '.join(command)} exited with {result.returncode} and wrote no report: "
                                   f"{result.stderr.strip()}")
            with open(path, encoding="utf-8") as report:
                self.report = json.load(report)
        return self.report.get("cases", [])
