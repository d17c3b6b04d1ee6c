"""The comparison for `monitor --format jsonl`: the loop a Python user writes with pyserial.

Chunked reads (whatever is waiting, at least one byte), split on \\n, one JSON object per reading
with an RFC 3339 UTC timestamp, flushed once per read. Run by end-to-end.py, never by users.
"""

import datetime
import json
import sys

import serial


def main() -> None:
    port = serial.Serial(sys.argv[1], 115200, timeout=None)
    out = sys.stdout
    # The same first event as monitor's, which end-to-end.py waits for before it starts writing.
    out.write('{"event":"state","state":"scanning"}\n')
    out.flush()
    pending = b""
    while True:
        chunk = port.read(port.in_waiting or 1)
        if not chunk:
            break
        lines = (pending + chunk).split(b"\n")
        pending = lines.pop()
        for line in lines:
            line = line.rstrip(b"\r")
            if line.startswith(b"R:"):
                now = datetime.datetime.now(datetime.timezone.utc)
                time = now.isoformat(timespec="milliseconds").replace("+00:00", "Z")
                out.write(json.dumps({"event": "reading", "time": time, "raw": int(line[2:])}, separators=(",", ":")) + "\n")
        out.flush()


if __name__ == "__main__":
    try:
        main()
    except (KeyboardInterrupt, BrokenPipeError):
        pass
