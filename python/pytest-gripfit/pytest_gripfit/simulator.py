"""`gripfit-serial simulate` in the background: a virtual dongle on a pty, with faults or a scripted load."""

import subprocess
from typing import Optional, Sequence

from .port import GripFitPort


class GripFitSimulator:
    """The simulator's pty is `path`; `port` names it for a session (`gripfit.session(simulator.port)`)."""

    def __init__(self, binary: str, faults: Sequence[str] = (), load: Sequence[str] = (),
                 extra: Sequence[str] = ()):
        arguments = [binary, "simulate"]
        for fault in faults:
            arguments += ["--fault", fault]
        for step in load:
            arguments += ["--load", step]
        arguments += list(extra)
        self._process = subprocess.Popen(arguments, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                         stderr=subprocess.PIPE, text=True)
        # Its first line is the pty's path.
        self.path: Optional[str] = self._process.stdout.readline().strip() or None
        if self.path is None:
            said = self._process.stderr.read()
            self._process.wait()
            raise RuntimeError(f"gripfit-serial simulate did not start: {said.strip()}")
        self.port = GripFitPort(self.path)

    def stop(self) -> int:
        if self._process.poll() is None:
            self._process.terminate()
            self._process.wait(30)
        return self._process.returncode
