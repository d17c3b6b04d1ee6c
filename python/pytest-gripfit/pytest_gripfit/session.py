"""A live session over gripfit-serial's command channel (docs/command-channel.md)."""

import itertools
import json
import subprocess
import threading
import time
from typing import Any, Callable, Dict, List, Optional, Sequence

Event = Dict[str, Any]


class GripFitTimeout(AssertionError):
    """What a test waited for did not come in time; the message says what did."""


class GripFitCommandError(AssertionError):
    """A command's reply said `failed` (or it was refused as malformed); `reply` is its event."""

    def __init__(self, reply: Event):
        self.reply = reply
        reason = reply.get("reason") or reply.get("error")
        super().__init__(f"{reply.get('command', 'command')} {reason}: {reply.get('message', '')}")


class GripFitSession:
    """`gripfit-serial monitor --format jsonl --commands -` on one port, its events collected as they
    come by a reader thread. Commands go in with an id of their own and wait for the reply with it.
    Close it (or leave it to the fixture) to end the session: end of input, exit 0."""

    def __init__(self, binary: str, port_arguments: Sequence[str], extra: Sequence[str] = (),
                 start_timeout: float = 30.0):
        self.command_line = [binary, "monitor", "--format", "jsonl", "--commands", "-", *port_arguments, *extra]
        self._process = subprocess.Popen(self.command_line, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         stderr=subprocess.PIPE, text=True, bufsize=1)
        self._events: List[Event] = []
        self._lines: List[str] = []
        self._changed = threading.Condition()
        self._ended = False
        self._stderr: List[str] = []
        self._ids = itertools.count(1)
        self._readers = [threading.Thread(target=self._read_stdout, daemon=True),
                         threading.Thread(target=self._read_stderr, daemon=True)]
        for reader in self._readers:
            reader.start()
        self.session = self._wait(lambda event: event.get("event") == "session", start_timeout,
                                  "the session event", start=0)

    # Reading

    def _read_stdout(self):
        for line in self._process.stdout:
            line = line.rstrip("\n")
            try:
                event = json.loads(line)
            except ValueError:
                event = {"event": "unparsed", "line": line}
            with self._changed:
                self._lines.append(line)
                self._events.append(event)
                self._changed.notify_all()
        with self._changed:
            self._ended = True
            self._changed.notify_all()

    def _read_stderr(self):
        for line in self._process.stderr:
            self._stderr.append(line.rstrip("\n"))

    def _wait(self, matches: Callable[[Event], bool], timeout: float, what: str, start: int) -> Event:
        deadline = time.monotonic() + timeout
        index = start
        with self._changed:
            while True:
                while index < len(self._events):
                    event = self._events[index]
                    index += 1
                    if matches(event):
                        return event
                left = deadline - time.monotonic()
                if self._ended or left <= 0:
                    break
                self._changed.wait(left)
        said = "; ".join(self._stderr[-3:]) or "nothing on stderr"
        ending = f"the session ended ({said})" if self._ended else f"nothing in {timeout} s"
        raise GripFitTimeout(f"waited for {what} on {' '.join(self.command_line[6:]) or 'the port'}: {ending}; "
                             f"last events: {self._lines[-5:]}")

    # What a test asks

    def events(self) -> List[Event]:
        """Every event so far, oldest first."""
        with self._changed:
            return list(self._events)

    @property
    def jsonl(self) -> str:
        """The session's stdout so far, one JSON object per line."""
        with self._changed:
            return "\n".join(self._lines) + ("\n" if self._lines else "")

    @property
    def stderr(self) -> str:
        return "\n".join(self._stderr)

    def readings(self, n: int = 1, timeout: float = 5.0) -> List[Event]:
        """The next `n` reading events to arrive after this call."""
        start = len(self.events())
        found: List[Event] = []

        def collect(event: Event) -> bool:
            if event.get("event") == "reading":
                found.append(event)
            return len(found) >= n

        self._wait(collect, timeout, f"{n} readings (got {len(found)})", start)
        return found

    def expect_reading(self, low: float, high: float, timeout: float = 2.0, unit: Optional[str] = None) -> Event:
        """The first reading arriving after this call between `low` and `high` (inclusive): its force
        in `unit` (the session must run with that --unit and a calibrated GripFit), else raw counts."""
        seen: List[Any] = []

        def within(event: Event) -> bool:
            if event.get("event") != "reading":
                return False
            if unit is None:
                value = event.get("raw")
            elif event.get("unit") == unit:
                value = event.get("force")
            else:
                raise GripFitTimeout(f"readings are in {event.get('unit', 'raw counts')}, not {unit}: run the session "
                                     f"with --gripfit-unit {unit} and a calibrated GripFit")
            seen.append(value)
            return value is not None and low <= value <= high

        start = len(self.events())
        try:
            return self._wait(within, timeout, f"a reading within {low}..{high} {unit or 'raw'}", start)
        except GripFitTimeout as timeout_error:
            raise GripFitTimeout(f"{timeout_error}; the readings were {seen[-10:]}") from None

    def command(self, name: str, timeout: float = 15.0, **fields: Any) -> Event:
        """Sends a command with the next id and returns its reply; raises GripFitCommandError when it failed."""
        request_id = next(self._ids)
        start = len(self.events())
        self._process.stdin.write(json.dumps({"id": request_id, "command": name, **fields}) + "\n")
        self._process.stdin.flush()
        reply = self._wait(lambda event: event.get("id") == request_id and event.get("event") in ("reply", "error"),
                           timeout, f"the reply to {name} (id {request_id})", start)
        if reply.get("event") == "error" or reply.get("outcome") != "ok":
            raise GripFitCommandError(reply)
        return reply

    def tare(self, timeout: float = 15.0) -> Event:
        return self.command("tare", timeout)

    def ping(self, timeout: float = 15.0) -> Event:
        """The reply, with `round_trip_ms`."""
        return self.command("ping", timeout)

    def rate(self, ms: int, timeout: float = 15.0) -> Event:
        return self.command("rate", timeout, ms=ms)

    def info(self, timeout: float = 15.0) -> Event:
        """The reply, with `name`, `firmware`, and `bridge_version` behind a bridge."""
        return self.command("info", timeout)

    def pin(self, address: Optional[str], timeout: float = 15.0) -> Event:
        return self.command("pin", timeout, address=address)

    def mark(self, label: str) -> Event:
        return self.command("mark", 5.0, label=label)

    def close(self, timeout: float = 30.0) -> int:
        """Ends the input (the session ends once every command sent is answered); its exit status."""
        if self._process.poll() is None:
            try:
                self._process.stdin.close()
            except OSError:
                pass
            try:
                self._process.wait(timeout)
            except subprocess.TimeoutExpired:
                self._process.terminate()
                self._process.wait()
        for reader in self._readers:
            reader.join(5)
        return self._process.returncode
