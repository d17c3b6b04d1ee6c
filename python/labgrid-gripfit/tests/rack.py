#!/usr/bin/env python3
"""Runs pytest with labgrid's plugin against a rack on this machine (`make labgrid-driver-test`):
two `gripfit-serial simulate` with 10 kg on the handle, Debian's ser2net exporting each one's pty
(raw and RFC 2217, on ports the kernel picks), and tests/rack.yaml, the environment file, with
those ports filled in, as --lg-env. labgrid_gripfit and pytest_gripfit must be importable (PYTHONPATH).

    rack.py GRIPFIT_SERIAL [pytest arguments...]
"""
import os
import string
import subprocess
import sys
import tempfile

from pytest_gripfit import GripFitSimulator
from ser2net import Ser2Net


def main():
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 64
    binary, arguments = os.path.abspath(sys.argv[1]), sys.argv[2:]
    here = os.path.dirname(os.path.abspath(__file__))
    started = []
    try:
        ports = {}
        for name in ("main", "scale"):
            simulator = GripFitSimulator(binary, load=["10kg"])
            started.append(simulator)
            ser2net = Ser2Net(simulator.path)
            started.append(ser2net)
            ports[f"{name}_raw_port"], ports[f"{name}_rfc2217_port"] = ser2net.raw_port, ser2net.rfc2217_port
        with open(os.path.join(here, "rack.yaml"), encoding="utf-8") as template, \
                tempfile.TemporaryDirectory(prefix="gripfit-rack-") as scratch:
            environment = string.Template(template.read()).substitute(gripfit_serial=binary, **ports)
            path = os.path.join(scratch, "rack.yaml")
            with open(path, "w", encoding="utf-8") as out:
                out.write(environment)
            return subprocess.call([sys.executable, "-m", "pytest", "--lg-env", path, *arguments])
    finally:
        for process in reversed(started):
            process.stop()

if __name__ == "__main__":
    sys.exit(main())
