#!/usr/bin/env python3
"""The fake bootloader (native/bootloader/) against real DFU senders (`make -C firmware-bridge dfu-test`).

  nrfutil  adafruit-nrfutil from PyPI makes a package (`dfu genpkg`) and flashes it to the fake
           (`dfu serial ... --singlebank --touch 1200`): it must succeed and the image the fake
           wrote must equal the package's. A package for another device type must fail, with the
           fake resetting as the real bootloader does. This proves the fake speaks the real protocol.

`--touch 1200`: without it adafruit-nrfutil toggles DTR with TIOCMBIC/TIOCMBIS, which a pty refuses
(ENOTTY); with it, it opens the port at 1200 baud and closes it first (a bootloader ignores that)
and then sends the package exactly as without it.

  update   `gripfit-serial bridge update P.zip --port <fake pty> --no-confirm` writes the same bytes and
           exits 0; `drop` and `nak` faults (start, init, data and stop packets) recover within the
           retries; `silent` and `vanish` end with exit 69 and the dongle's state in words, and a
           second run completes (after `silent`, the same fake, come back as after the replug the
           message asks for; after `vanish`, a new one, the dongle come back in its bootloader); a package for device type 0x0053, a corrupt one and a
           truncated one exit 65 with the fake never opened; a downgrade against the native bridge
           (which reports 1.0.0) exits 64, naming --allow-downgrade.

The fake's stderr must show no sanitizer report. Nothing here sleeps to wait: each step waits for a
process to exit (with a generous ceiling that only a hang reaches).
"""
import argparse
import importlib.util
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


def bridge_update(gripfit_serial, package, port, *extra):
    return run([gripfit_serial, "bridge", "update", package, "--port", port, *extra])


def expect_update(result, code, *phrases):
    output = result.stdout + result.stderr
    if result.returncode != code or any(phrase not in output for phrase in phrases):
        fail(f"bridge update exit {result.returncode}, expected {code} with {phrases}:\n{output}")
    return output


def run_update(gripfit_serial, fake_binary, bridge_binary, nrfutil, scratch):
    image_path = os.path.join(scratch, "app.bin")
    image = make_image(image_path, 20000)
    package = genpkg(nrfutil, scratch, "app", image_path, 10203)
    # packets: 1 start, 2 init, 3..42 data, 43 stop
    cases = [[], ["drop:1"], ["drop:2"], ["drop:7"], ["drop:43"], ["nak:1"], ["nak:3"], ["nak:43"], ["drop:4", "nak:5"]]
    for faults in cases:
        fake = Fake(fake_binary, scratch, faults, name="update")
        try:
            result = bridge_update(gripfit_serial, package, fake.pty, "--no-confirm")
            expect_update(result, 0, "sent 20000 of 20000 bytes (100%)", "version 1.2.3")
            fake.wait(0)
        finally:
            fake.stop()
        if fake.image() != image:
            fail(f"with {faults}: the image the fake wrote is not the package's")
        print(f"update: {' '.join(faults) or 'no fault'}: exit 0, the image matches")

    fake = Fake(fake_binary, scratch, ["silent:10"], name="silent")
    try:
        result = bridge_update(gripfit_serial, package, fake.pty, "--no-confirm")
        expect_update(result, 69, "stopped answering", "3584 of 20000 bytes written", "erased", "run the same command again")
        result = bridge_update(gripfit_serial, package, fake.pty, "--no-confirm")
        expect_update(result, 0, "sent 20000 of 20000 bytes (100%)")
        fake.wait(0)
    finally:
        fake.stop()
    if fake.image() != image:
        fail("after silent: the image the fake wrote is not the package's")
    print("update: silent:10: exit 69 with the state, then a second run completes")

    fake = Fake(fake_binary, scratch, ["vanish:20"], name="vanish")
    try:
        result = bridge_update(gripfit_serial, package, fake.pty, "--no-confirm")
        expect_update(result, 69, "vanished at packet 20 of 43", "8704 of 20000 bytes written", "run the same command again")
        fake.wait(3)
    finally:
        fake.stop()
    fake = Fake(fake_binary, scratch, name="again")
    try:
        expect_update(bridge_update(gripfit_serial, package, fake.pty, "--no-confirm"), 0, "sent 20000 of 20000 bytes (100%)")
        fake.wait(0)
    finally:
        fake.stop()
    if fake.image() != image:
        fail("after vanish: the image the fake wrote is not the package's")
    print("update: vanish:20: exit 69 with the state, then a second run completes")

    other = genpkg(nrfutil, scratch, "other", image_path, 10203, device_type="0x0053")
    with open(package, "rb") as file:
        zipped = bytearray(file.read())
    corrupt = os.path.join(scratch, "corrupt.zip")
    at = zipped.find(image[:64]) + 1000
    zipped[at] ^= 0x01
    with open(corrupt, "wb") as file:
        file.write(zipped)
    truncated = os.path.join(scratch, "truncated.zip")
    with open(truncated, "wb") as file:
        file.write(zipped[:5000])
    refusals = [(other, "device type 0x0053"), (corrupt, "CRC-32"), (truncated, "not a zip file")]
    for refused, phrase in refusals:
        fake = Fake(fake_binary, scratch, name="refused")
        try:
            expect_update(bridge_update(gripfit_serial, refused, fake.pty, "--no-confirm"), 65, phrase, "Nothing was sent")
            if fake.process.poll() is not None or "opened" in fake.stderr():
                fail(f"{os.path.basename(refused)}: the port was touched:\n{fake.stderr()}")
        finally:
            fake.stop()
        print(f"update: {os.path.basename(refused)} refused with exit 65 ({phrase}), the port never opened")

    older = genpkg(nrfutil, scratch, "older", image_path, 900)
    rig = load_host_test().Rig(gripfit_serial, bridge_binary, ["--load", "0kg"], [], scratch)
    try:
        expect_update(bridge_update(gripfit_serial, older, rig.pty, "--no-confirm"), 64, "0.9.0, older than the 1.0.0",
                      "--allow-downgrade")
        expect_update(bridge_update(gripfit_serial, older, rig.pty, "--no-confirm", "--allow-downgrade"), 69,
                      "is a running bridge (firmware 1.0.0)")
    finally:
        rig.stop()
    print("update: a downgrade (0.9.0 on a 1.0.0 bridge) refused with exit 64 unless --allow-downgrade")


def load_host_test():
    """host-test.py's Rig: the simulated GripFit and the native bridge."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "host-test.py")
    spec = importlib.util.spec_from_file_location("host_test", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("mode", choices=["nrfutil", "update"])
    parser.add_argument("--bootloader", required=True, help="the fake bootloader binary")
    parser.add_argument("--nrfutil", help="adafruit-nrfutil (the venv's)")
    parser.add_argument("--gripfit-serial", help="the gripfit-serial binary (update)")
    parser.add_argument("--bridge", help="the native bridge binary (update)")
    args = parser.parse_args()
    if not args.nrfutil or not os.access(args.nrfutil, os.X_OK):
        fail(f"no adafruit-nrfutil at {args.nrfutil!r}: `make nrfutil-venv` at the top of the repository makes it")
    with tempfile.TemporaryDirectory(prefix="gripfit-dfu-") as scratch:
        if args.mode == "nrfutil":
            run_nrfutil(args.nrfutil, args.bootloader, scratch)
        else:
            if not args.gripfit_serial or not args.bridge:
                fail("update needs --gripfit-serial and --bridge")
            run_update(args.gripfit_serial, args.bootloader, args.bridge, args.nrfutil, scratch)
    print(f"{args.mode} against {args.bootloader}: pass")


if __name__ == "__main__":
    main()
