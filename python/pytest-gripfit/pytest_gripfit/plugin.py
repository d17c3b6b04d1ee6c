"""The pytest plugin: options, fixtures, the gripfit marker, the JUnit properties and the session's
JSONL on a failing test's report (docs/pytest.md)."""

import json
import os
import shutil
import subprocess
from typing import List, Optional

import pytest

from .port import GripFitPort
from .session import GripFitSession
from .simulator import GripFitSimulator
from .versions import version_matches

_SESSIONS = pytest.StashKey[List[GripFitSession]]()


def pytest_addoption(parser):
    group = parser.getgroup("gripfit", "GripFit hardware in the loop (gripfit-serial)")
    group.addoption("--gripfit-port", default=os.environ.get("GRIPFIT_PORT"),
                    help="the dongle: a path (/dev/serial/by-id/...), its USB serial number, rfc2217://HOST:PORT, "
                         "socket://HOST:PORT, or simulate[:FAULT,...] (default: $GRIPFIT_PORT, else the only "
                         "bridge plugged in)")
    group.addoption("--gripfit-binary", default=os.environ.get("GRIPFIT_BINARY"),
                    help="the gripfit-serial to run (default: $GRIPFIT_BINARY, else gripfit-serial on the PATH)")
    group.addoption("--gripfit-unit", default=None, choices=["kg", "lb", "N"],
                    help="readings carry their force in this unit (needs a calibrated GripFit)")


def pytest_configure(config):
    config.addinivalue_line(
        "markers",
        'gripfit(firmware=">=1.0", bridge=">=1.0", strict=False): run only on a GripFit firmware and bridge '
        "version meeting these; another version skips the test, or with strict=True makes it an xfail")


class _Options:
    def __init__(self, config):
        self.config = config
        text = config.getoption("gripfit_port")
        self.port = GripFitPort.parse(text) if text else None
        self.unit = config.getoption("gripfit_unit")
        given = config.getoption("gripfit_binary")
        self.binary = shutil.which(given) if given else shutil.which("gripfit-serial")
        self.binary_named = given or "gripfit-serial"

    def require_binary(self) -> str:
        if not self.binary:
            pytest.skip(f"{self.binary_named} not found: build gripfit-serial and give --gripfit-binary PATH "
                        "(or put it on the PATH)")
        return self.binary

    def port_arguments(self, port: Optional[GripFitPort] = None) -> List[str]:
        port = port or self.port
        return port.arguments() if port else []


@pytest.fixture(scope="session")
def _gripfit_options(pytestconfig):
    return _Options(pytestconfig)


def _versions(session: GripFitSession) -> dict:
    reply = session.info()
    return {"firmware": reply.get("firmware"), "bridge": reply.get("bridge_version")}


def _record(request, session: GripFitSession, versions: dict, port: Optional[GripFitPort]):
    serial = session.session.get("serial") or ("simulated" if port and port.simulated else "")
    for name, value in (("gripfit_tool_version", session.session.get("tool")),
                        ("gripfit_firmware", versions["firmware"]),
                        ("gripfit_bridge_version", versions["bridge"]),
                        ("gripfit_bridge_serial", serial),
                        ("gripfit_port", session.session.get("port"))):
        request.node.user_properties.append((name, "" if value is None else str(value)))


def _judge_versions(request, versions: dict):
    marker = request.node.get_closest_marker("gripfit")
    if marker is None:
        return
    unknown = set(marker.kwargs) - {"firmware", "bridge", "strict"}
    if marker.args or unknown:
        raise pytest.UsageError(f"{request.node.nodeid}: the gripfit marker takes firmware=, bridge= and strict=, "
                                f"not {sorted(unknown) or marker.args}")
    for what in ("firmware", "bridge"):
        wanted = marker.kwargs.get(what)
        if wanted is None or version_matches(versions[what], wanted):
            continue
        have = versions[what] or "unknown (a plain relay has no bridge version)"
        reason = f"needs {what} {wanted}; this one is {have}"
        if marker.kwargs.get("strict"):
            pytest.xfail(reason)
        pytest.skip(reason)


def _open(request, options: _Options, port: Optional[GripFitPort]) -> GripFitSession:
    binary = options.require_binary()
    extra = ["--unit", options.unit] if options.unit else []
    session = GripFitSession(binary, options.port_arguments(port), extra)
    request.node.stash.setdefault(_SESSIONS, []).append(session)
    request.addfinalizer(session.close)
    versions = _versions(session)
    _record(request, session, versions, port or options.port)
    _judge_versions(request, versions)
    return session


@pytest.fixture
def gripfit(request, _gripfit_options) -> GripFitSession:
    """A live session on --gripfit-port over the command channel: readings(n, timeout),
    expect_reading(low, high, timeout, unit), tare(), ping(), rate(ms), info(), mark(label), events()."""
    return _open(request, _gripfit_options, None)


@pytest.fixture
def gripfit_simulator(request, _gripfit_options):
    """Starts `gripfit-serial simulate` with faults or a scripted load and opens a session on it:
    `session = gripfit_simulator(faults=["garbage"], load=["0kg@0", "10kg@2"])`; the simulator is
    `session.simulator`. Both end with the test."""
    binary = _gripfit_options.require_binary()

    def start(faults=(), load=(), extra=()) -> GripFitSession:
        simulator = GripFitSimulator(binary, faults, load, extra)
        request.addfinalizer(simulator.stop)
        session = _open(request, _gripfit_options, simulator.port)
        session.simulator = simulator
        return session

    return start


@pytest.fixture
def gripfit_check(request, _gripfit_options, tmp_path):
    """Runs `gripfit-serial check --json-file` on --gripfit-port and returns its cases (name, result,
    message, figures); `gripfit_check("--only", "ping")` passes options on. The whole report is
    `gripfit_check.report` afterwards."""
    binary = _gripfit_options.require_binary()

    class Check:
        report = None

        def __call__(self, *arguments: str, timeout: float = 300):
            path = tmp_path / "check.json"
            command = [binary, "check", "--json-file", str(path), *_gripfit_options.port_arguments(), *arguments]
            result = subprocess.run(command, stdin=subprocess.DEVNULL, capture_output=True, text=True,
                                    timeout=timeout)
            if not path.exists():
                raise AssertionError(f"{' '.join(command)} exited with {result.returncode} and wrote no report: "
                                     f"{result.stderr.strip()}")
            self.report = json.loads(path.read_text())
            for name, key in (("gripfit_tool_version", "tool_version"), ("gripfit_firmware", "device_firmware"),
                              ("gripfit_bridge_version", "bridge_version")):
                request.node.user_properties.append((name, str(self.report.get(key, ""))))
            return self.report.get("cases", [])

    return Check()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if report.failed:
        for session in item.stash.get(_SESSIONS, []):
            report.sections.append((f"gripfit session JSONL ({' '.join(session.command_line[6:])})", session.jsonl))
