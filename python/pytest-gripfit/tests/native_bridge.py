#!/usr/bin/env python3
"""Runs pytest against the native bridge (`make pytest-plugin-test`, when firmware-bridge's native
build exists): `gripfit-serial simulate --serve-gripfit` serves the simulated GripFit on a socket, the
native bridge (the unchanged sketch built for the host) reaches it through its fake radio and prints
its pty, and pytest gets that pty as --gripfit-port, as a rig's dongle.

    native_bridge.py BRIDGE GRIPFIT_SERIAL [pytest arguments...]
"""
import os
import signal
import subprocess
import sys
import tempfile


def main():
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        return 64
    bridge, binary, arguments = sys.argv[1], sys.argv[2], sys.argv[3:]
    with tempfile.TemporaryDirectory(prefix="gripfit-native-") as scratch:
        socket = os.path.join(scratch, "gripfit.sock")
        simulator = subprocess.Popen([binary, "simulate", "--serve-gripfit", socket], stdout=subprocess.DEVNULL)
        native = subprocess.Popen([bridge, "--gripfit-socket", socket, "--flash", os.path.join(scratch, "flash")],
                                  stdout=subprocess.PIPE, text=True)
        try:
            pty = native.stdout.readline().strip()
            if not pty.startswith("/dev/"):
                print(f"native_bridge.py: {bridge} printed no pty ({pty!r}); rebuild it with "
                      "make -C firmware-bridge native", file=sys.stderr)
                return 1
            return subprocess.call([sys.executable, "-m", "pytest", *arguments,
                                    "--gripfit-binary", binary, "--gripfit-port", pty])
        finally:
            for process in (native, simulator):
                process.send_signal(signal.SIGTERM)
                try:
                    process.wait(20)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()


if __name__ == "__main__":
    sys.exit(main())
