#!/usr/bin/env python3
"""The fake bootloader (native/bootloader/) against real DFU senders (`make -C firmware-bridge dfu-test`).

  nrfutil  adafruit-nrfutil from PyPI makes a package (`dfu genpkg`) and flashes it to the fake
           (`dfu serial ... --singlebank --touch 1200`): it must succeed and the image the fake
           wrote must equal the package's. A package for another device type must fail, with the
           fake resetting as the real bootloader does. This proves the fake speaks the real protocol.

`--touch 1200`: without it adafruit-nrfutil toggles DTR with TIOCMBIC/TIOCMBIS, which a pty refuses
(ENOTTY); with it, it opens the port at 1200 baud and closes it first (a bootloader ignores that)
and then sends the package exactly as without it.

The fake's stderr must show no sanitizer report. Nothing here sleeps to wait: each step waits for a
process to exit (with a generous ceiling that only a hang reaches).
"""
import argparse
import os
import subprocess
import sys
import tempfile

HANG = 120


def fail(message):
    print(f"FAIL: {message}", file=sys.stderr)
    sys.exit(1)


def make_image(path, size):
    """`size` bytes that contain the SLIP bytes 0xC0 and 0xDB often, so escaping is exercised."""
    data = bytes(((i * 7 + (i >> 8)) & 0xFF) if i % 5 else (0xC0 if i % 2 else 0xDB) for i in range(size))
    with open(path, "wb") as file:
        file.write(data)
    return data


class Fake:
    """The fake bootloader on a pty of its own."""

    def __init__(self, binary, scratch, faults=(), name="fake"):
        self.image_out = os.path.join(scratch, f"{name}.bin")
        self.err_path = os.path.join(scratch, f"{name}.err")
        arguments = [binary, "--image-out", self.image_out]
        for fault in faults:
            arguments += ["--fault", fault]
        env = dict(os.environ, ASAN_OPTIONS="detect_leaks=1", UBSAN_OPTIONS="halt_on_error=1 print_stacktrace=1")
        with open(self.err_path, "w") as err:
            self.process = subprocess.Popen(arguments, stdout=subprocess.PIPE, stderr=err, env=env, text=True)
        self.pty = self.process.stdout.readline().strip()
        if not self.pty.startswith("/dev/"):
            self.process.kill()
            fail(f"the fake bootloader printed no pty: {self.pty!r}")

    def stderr(self):
        with open(self.err_path) as err:
            return err.read()

    def wait(self, expected):
        try:
            code = self.process.wait(timeout=HANG)
        except subprocess.TimeoutExpired:
            self.process.kill()
            fail(f"the fake bootloader did not exit; stderr:\n{self.stderr()[-3000:]}")
        report = self.stderr()
        if code != expected or "Sanitizer" in report or "runtime error" in report:
            fail(f"fake bootloader exit {code}, expected {expected}; stderr:\n{report[-3000:]}")
        return report

    def stop(self):
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()

    def image(self):
        with open(self.image_out, "rb") as file:
            return file.read()


def run(arguments):
    try:
        return subprocess.run(arguments, capture_output=True, text=True, timeout=HANG)
    except subprocess.TimeoutExpired:
        fail(f"{arguments[0]} hung: {' '.join(arguments)}")


def genpkg(nrfutil, scratch, name, image, version, device_type="0x0052"):
    package = os.path.join(scratch, f"{name}.zip")
    result = run([nrfutil, "dfu", "genpkg", "--dev-type", device_type, "--application-version", str(version),
                  "--application", image, package])
    if result.returncode != 0:
        fail(f"genpkg failed: {result.stdout}{result.stderr}")
    return package


def run_nrfutil(nrfutil, fake_binary, scratch):
    image_path = os.path.join(scratch, "app.bin")
    image = make_image(image_path, 20000)
    package = genpkg(nrfutil, scratch, "app", image_path, 10203)
    fake = Fake(fake_binary, scratch)
    try:
        result = run([nrfutil, "dfu", "serial", "--package", package, "-p", fake.pty, "-b", "115200", "--singlebank",
                      "--touch", "1200"])
        if result.returncode != 0 or "Device programmed." not in result.stdout:
            fail(f"adafruit-nrfutil failed ({result.returncode}): {result.stdout}{result.stderr}\n"
                 f"fake:\n{fake.stderr()}")
        report = fake.wait(0)
    finally:
        fake.stop()
    if fake.image() != image:
        fail("the image the fake wrote is not the package's")
    if "application version 10203" not in report:
        fail(f"the fake did not see application version 10203:\n{report}")
    print(f"nrfutil: adafruit-nrfutil flashed {len(image)} bytes to the fake; the image matches")

    other = genpkg(nrfutil, scratch, "other", image_path, 10203, device_type="0x0053")
    fake = Fake(fake_binary, scratch, name="other")
    try:
        result = run([nrfutil, "dfu", "serial", "--package", other, "-p", fake.pty, "-b", "115200", "--singlebank",
                      "--touch", "1200"])
        report = fake.wait(4)
    finally:
        fake.stop()
    if "device type 0x0053 is not 0x0052" not in report or os.path.exists(fake.image_out):
        fail(f"the fake took a package for device type 0x0053:\n{report}")
    print(f"nrfutil: a package for device type 0x0053 made the fake reset (adafruit-nrfutil exit {result.returncode})")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("mode", choices=["nrfutil"])
    parser.add_argument("--bootloader", required=True, help="the fake bootloader binary")
    parser.add_argument("--nrfutil", help="adafruit-nrfutil (the venv's)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="gripfit-dfu-") as scratch:
        if args.mode == "nrfutil":
            if not args.nrfutil or not os.access(args.nrfutil, os.X_OK):
                fail(f"no adafruit-nrfutil at {args.nrfutil!r}: `make nrfutil-venv` at the top of the repository makes it")
            run_nrfutil(args.nrfutil, args.bootloader, scratch)
    print(f"{args.mode} against {args.bootloader}: pass")


if __name__ == "__main__":
    main()
