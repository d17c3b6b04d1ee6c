"""Where a session's bytes come from, as --gripfit-port names it, turned into gripfit-serial's options."""

from dataclasses import dataclass, field
from typing import List


@dataclass(frozen=True)
class GripFitPort:
    """A dongle's path (/dev/ttyACM0, /dev/serial/by-id/...), its USB serial number, a network port
    (rfc2217://HOST:PORT, or socket://HOST:PORT for a raw TCP port), or the built-in simulator:
    `simulate`, with faults after a colon (`simulate:garbage,data-loss`)."""

    text: str
    simulated: bool = False
    faults: List[str] = field(default_factory=list)

    @classmethod
    def parse(cls, text: str) -> "GripFitPort":
        text = text.strip()
        if not text:
            raise ValueError("--gripfit-port is empty: give a path, a USB serial number, rfc2217://HOST:PORT, "
                             "socket://HOST:PORT or simulate")
        if text == "simulate" or text.startswith("simulate:"):
            faults = [fault for fault in text.partition(":")[2].split(",") if fault]
            return cls(text, simulated=True, faults=faults)
        return cls(text)

    def arguments(self) -> List[str]:
        """gripfit-serial's options for this port."""
        if self.simulated:
            arguments = ["--simulate"]
            for fault in self.faults:
                arguments += ["--fault", fault]
            return arguments
        if self.text.startswith("socket://"):
            # pyserial's name for a raw TCP port is gripfit-serial's tcp://.
            return ["--port", "tcp://" + self.text[len("socket://"):]]
        return ["--port", self.text]
