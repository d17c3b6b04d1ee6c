#!/usr/bin/env python3
"""The native bridge driven by the real gripfit-serial binary (`make -C firmware-bridge native-test`).

For each run: `gripfit-serial simulate --serve-gripfit` serves the simulated GripFit on a Unix
socket, the native bridge (one build: plain, asan, tsan or seeed) reaches it through its fake radio and
prints its pty, and gripfit-serial talks to that pty.

  check    `check --port <pty>` must pass every case.
  protocol raw lines on the pty, with ten other advertisers, failing RX writes and a slow CCCD:
           the hello on each open, B:FOUND only for the GripFit, every bad-to-bridge vector of
           protocol-vectors.tsv answered with its B:ERROR code, the to-bridge commands (but
           DISCONNECT, which `check` covers) each with its effect, every CMD: answered by the
           device or by B:ERROR,WRITE_FAILED,0x03 (seen at least once), B:CONNECTED only once the
           slow CCCD write is confirmed, BRIDGE:PIN kept in flash, a NUS peripheral without the
           GripFit's GATT table not recognized.
  faults   `rate 20`, then `monitor --format jsonl` for --seconds with every radio fault: readings
           (counter pattern) strictly increasing, each gap preceded by a DATA_LOST or a link-down
           state event, no line the host could not parse, and (over two minutes) DATA_LOST, a
           0x13 disconnect and a link timeout each seen.

The bridge must exit cleanly with nothing on stderr: a sanitizer report fails the run.
"""
import argparse
import json
import os
import re
import select
import signal
import subprocess
import sys
import tempfile
import termios
import time
import tty

ALLOWED_WARNINGS = {"no-readings", "data-lost", "bridge-error"}
GRIPFIT = "C0:FF:EE:00:00:01"
VECTORS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "protocol-vectors.tsv")
DEVICE_LINE = re.compile(r"^(R:-?[0-9]+|S:[A-Z_]+(:[0-9]+)?|D:GRIPFIT,[0-9.]+)$")


def fail(message):
    print(f"FAIL: {message}", file=sys.stderr)
    sys.exit(1)


class Rig:
    """The simulated GripFit and the native bridge, started together, stopped together."""

    def __init__(self, gripfit_serial, bridge, simulate_args, bridge_args, scratch):
        self.flash = os.path.join(scratch, "flash")
        bridge_args = bridge_args + ["--flash", self.flash]
        self.socket = os.path.join(scratch, "gripfit.sock")
        self.bridge_err = os.path.join(scratch, "bridge.err")
        self.sim = subprocess.Popen([gripfit_serial, "simulate", "--serve-gripfit", self.socket] + simulate_args,
                                    stdout=subprocess.DEVNULL)
        supp = os.path.join(os.path.dirname(os.path.abspath(__file__)), "tsan.supp")
        env = dict(os.environ, TSAN_OPTIONS=f"halt_on_error=1 exitcode=66 suppressions={supp}",
                   ASAN_OPTIONS="detect_leaks=1", UBSAN_OPTIONS="halt_on_error=1 print_stacktrace=1")
        with open(self.bridge_err, "w") as err:
            self.bridge = subprocess.Popen([bridge, "--gripfit-socket", self.socket] + bridge_args,
                                           stdout=subprocess.PIPE, stderr=err, env=env, text=True)
        self.pty = self.bridge.stdout.readline().strip()
        if not self.pty.startswith("/dev/"):
            self.stop()
            fail(f"the native bridge printed no pty: {self.pty!r}")

    def stop(self):
        self.bridge.send_signal(signal.SIGTERM)
        try:
            code = self.bridge.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.bridge.kill()
            code = "hung"
        self.sim.send_signal(signal.SIGTERM)
        self.sim.wait(timeout=20)
        report = open(self.bridge_err).read()
        if code != 0 or report.strip():
            fail(f"native bridge exit {code}; stderr:\n{report[-4000:]}")


class Port:
    """The host end of the pty, raw: whole lines with a deadline. Device lines must be well formed
    (a spliced or invented line fails at once); the other lines are handed out one by one."""

    def __init__(self, path):
        self.fd = os.open(path, os.O_RDWR | os.O_NOCTTY)
        tty.setraw(self.fd)
        termios.tcflush(self.fd, termios.TCIOFLUSH)
        self.buffer = b""

    def close(self):
        os.close(self.fd)

    def send(self, line):
        if os.environ.get("HOST_TEST_TRACE"):
            print(f"  > {line}", file=sys.stderr)
        os.write(self.fd, (line + "\n").encode())

    def line(self, timeout):
        """The next line (device lines included), or None after `timeout` seconds."""
        deadline = time.time() + timeout
        while b"\n" not in self.buffer:
            left = deadline - time.time()
            if left <= 0 or not select.select([self.fd], [], [], left)[0]:
                return None
            self.buffer += os.read(self.fd, 4096)
        line, self.buffer = self.buffer.split(b"\n", 1)
        text = line.decode()
        if os.environ.get("HOST_TEST_TRACE"):
            print(f"  < {text}", file=sys.stderr)
        if not text.startswith("B:") and not DEVICE_LINE.match(text):
            fail(f"a line no GripFit sent: {text!r}")
        return text

    def expect(self, pattern, timeout=5.0, skip=r"^(R:|S:READY|D:)"):
        """Lines up to the first matching `pattern`; lines matching `skip` may come before it."""
        seen = []
        deadline = time.time() + timeout
        while True:
            line = self.line(deadline - time.time())
            if line is None:
                fail(f"no line matching {pattern!r} within {timeout} s; saw {seen[-10:]}")
            if re.match(pattern, line):
                return line, seen
            if not re.match(skip, line):
                fail(f"{line!r} while waiting for {pattern!r}")
            seen.append(line)


def run_protocol(rig):
    port = Port(rig.pty)
    port.send("BRIDGE:INFO")
    port.expect(r"^B:BRIDGE,1\.0\.0$", skip=r"^(R:|S:|D:|B:)")
    _, before = port.expect(rf"^B:CONNECTED,{GRIPFIT}$", timeout=15, skip=r"^(R:|S:|D:|B:)")
    for line in before:
        if line.startswith("B:FOUND,") and not line.startswith(f"B:FOUND,{GRIPFIT},"):
            fail(f"found something that is not a GripFit: {line}")
    port.expect(r"^S:READY$", skip=r"^D:GRIPFIT,")

    # Every host-to-bridge vector, through the glue and the radio.
    for row in open(VECTORS):
        if row.startswith("#") or not row.strip():
            continue
        direction, line, meaning = row.rstrip("\n").split("\t")[:3]
        if direction == "bad-to-bridge":
            port.send(line)
            port.expect(rf"^B:ERROR,{meaning}(,|$)", skip=r"^(R:|S:PONG|D:)")
    port.send("BRIDGE:STATUS")
    port.expect(rf"^B:STATUS,CONNECTED,{GRIPFIT}$")
    answers = {"CMD:PING": r"^S:PONG$", "CMD:TARE": r"^S:TARED$", "CMD:RATE:50": r"^S:RATE:50$",
               "CMD:INFO": r"^D:GRIPFIT,"}
    failed = 0
    for round in range(6):
        for command, answer in answers.items():
            port.send(command)
            # A `D:` is no answer but to CMD:INFO; the device also sends one on each connect.
            skip = r"^R:" if command == "CMD:INFO" else r"^(R:|D:)"
            line, _ = port.expect(rf"{answer}|^B:ERROR,WRITE_FAILED,0x03$|^B:ERROR,WRITE_TIMEOUT$", skip=skip)
            if line == "B:ERROR,WRITE_TIMEOUT":
                # The fake radio's answer is a thread of this host's: one not scheduled within the
                # bridge's write deadline (a busy host; a real radio is never off the CPU) is a radio
                # that did not answer, and the bridge must do what PROTOCOL.md says: drop the link
                # and come back. The next command then goes over the new link.
                port.expect(rf"^B:DISCONNECTED,{GRIPFIT},TIMEOUT$", skip=r"^(R:|S:|D:)")
                port.expect(rf"^B:CONNECTED,{GRIPFIT}$", timeout=15, skip=r"^(R:|S:|D:|B:)")
                port.expect(r"^D:GRIPFIT,", timeout=5, skip=r"^(R:|S:)")
                continue
            failed += line.startswith("B:ERROR")
    if failed == 0:
        fail("no RX write failed although write-fail was on")

    # A scan without connecting: the crowd is seen, only the GripFit is reported.
    port.send("BRIDGE:AUTO,OFF")
    port.send("BRIDGE:SCAN")
    port.expect(rf"^B:DISCONNECTED,{GRIPFIT},HOST$", skip=r"^(R:|S:)")
    port.expect(r"^B:SCANNING$")
    port.expect(rf"^B:FOUND,{GRIPFIT},-[0-9]+,_GRIPFIT$")
    while (line := port.line(3.0)) is not None:
        if line.startswith("B:FOUND"):
            fail(f"a second B:FOUND in one scan window, or not a GripFit: {line}")

    # The second link's CCCD write is answered after 2.5 s: CONNECTED only then, no device line before.
    # Timed from the command's sending, which comes before the write, so a busy machine reading
    # CONNECTING late cannot make the bridge look early; only a CONNECTED before the answer can.
    started = time.monotonic()
    port.send(f"BRIDGE:CONNECT,{GRIPFIT}")
    port.expect(rf"^B:CONNECTING,{GRIPFIT}$", skip=r"^B:(NOT_FOUND|SCANNING)$")
    port.expect(rf"^B:CONNECTED,{GRIPFIT}$", skip=r"^$")
    if time.monotonic() - started < 2.3:
        fail(f"B:CONNECTED {time.monotonic() - started:.2f} s after the CONNECT was sent, before the CCCD write was answered")
    port.expect(r"^D:GRIPFIT,", skip=r"^$")

    # The pin is kept in flash.
    pin_file = os.path.join(rig.flash, "gripfit-pin")
    port.send("BRIDGE:PIN,C0:FF:EE:12:34:56")
    port.expect(rf"^B:DISCONNECTED,{GRIPFIT},HOST$", skip=r"^(R:|S:)")
    port.send("BRIDGE:INFO")
    port.expect(r"^B:BRIDGE,", skip=r"^(R:|S:|B:SCANNING)")
    if open(pin_file).read() != "C0:FF:EE:12:34:56":
        fail("BRIDGE:PIN not saved")
    port.send("BRIDGE:PIN,NONE")
    port.send("BRIDGE:AUTO,ON")
    port.send("BRIDGE:INFO")
    port.expect(r"^B:BRIDGE,", skip=r"^(R:|S:|B:)")
    if os.path.exists(pin_file):
        fail("BRIDGE:PIN,NONE left the pin in flash")
    port.expect(rf"^B:CONNECTED,{GRIPFIT}$", timeout=15, skip=r"^(R:|S:|D:|B:)")

    # A NUS peripheral that is not a GripFit (seen in the scans, so its address type is known).
    port.send("BRIDGE:AUTO,OFF")
    port.send("BRIDGE:CONNECT,11:22:33:44:55:03")
    port.expect(r"^B:NOT_RECOGNIZED,11:22:33:44:55:03$", timeout=8, skip=r"^(R:|S:|D:|B:(DISCONNECTED|CONNECTING))")

    # Each open of the port is a DTR rise: the hello again. The pause is not a wait for a condition:
    # it paces this host as a real one is paced. Seeed's core samples DTR in a timer, so a fall is
    # seen only when the port stays closed across a sample, as a real host's close and reopen do.
    port.close()
    time.sleep(0.3)
    port = Port(rig.pty)
    port.expect(r"^B:BRIDGE,1\.0\.0$", timeout=3)
    port.close()


# The timing limits of a test machine with builds or stress-ng beside it, not the users' defaults
# (jitter p99 60 ms, ping p99 500 ms, 2 % estimated missing, reconnect within 8 s): a reading a second
# late was seen at 1,468 ms and 1,643 ms, a PONG at 2,012 ms (beside `stress-ng --cpu 2` and a build),
# and "about 2 of 52 readings missing" estimated from arrival times with none lost. What they cannot
# hide still fails: a reading missing without DATA_LOST or a link-down (the counted run below), a
# command unanswered, a wrong rate, a line that does not parse.
TEST_MACHINE_LIMITS = ["--max-jitter-p99", "5000", "--max-ping-p99", "5000", "--max-dropped", "10", "--reconnect-within", "60"]


def run_check(gripfit_serial, rig):
    result = subprocess.run([gripfit_serial, "check", "--port", rig.pty] + TEST_MACHINE_LIMITS, timeout=240)
    if result.returncode != 0:
        fail(f"check --port {rig.pty} exited {result.returncode}")


def run_faults(gripfit_serial, rig, seconds):
    subprocess.run([gripfit_serial, "rate", "20", "--port", rig.pty], check=True, timeout=60)
    result = subprocess.run([gripfit_serial, "monitor", "--port", rig.pty, "--format", "jsonl",
                             "--duration", str(seconds)], capture_output=True, text=True, timeout=seconds + 60)
    events = [json.loads(line) for line in result.stdout.splitlines()]
    last = None
    excused = False
    readings = gaps = 0
    seen = set()
    for event in events:
        kind = event["event"]
        if kind == "reading":
            value = event["raw"]
            if last is not None and value <= last:
                fail(f"reading {value} after {last}: repeated or out of order")
            if last is not None and value != last + 1:
                if not excused:
                    fail(f"readings {last + 1}..{value - 1} missing with no DATA_LOST or link-down before them")
                gaps += 1
            last = value
            excused = False
            readings += 1
        elif kind == "bridge" and event.get("type") == "error" and event.get("code") == "DATA_LOST":
            excused = True
            seen.add("DATA_LOST")
        elif kind == "bridge" and event.get("type") == "error":
            seen.add(event.get("code"))
        elif kind == "bridge" and event.get("type") == "disconnected":
            reason = event.get("reason", "")
            # Out of range ends in a supervision timeout (0x08), or first in a PING never answered.
            seen.add("link-timeout" if reason in ("0x08", "TIMEOUT") else "DISCONNECTED," + reason)
        elif kind == "state" and event.get("state") != "connected":
            excused = True
        elif kind == "warning" and event.get("reason") not in ALLOWED_WARNINGS:
            fail(f"unexpected warning: {event}")
    print(f"faults: {readings} readings, {gaps} gaps, all accounted for; seen {sorted(seen)}")
    wanted = {"DATA_LOST", "DISCONNECTED,0x13", "link-timeout"}
    if seconds >= 120 and not wanted <= seen:
        fail(f"not every fault showed up: missing {sorted(wanted - seen)}")
    if readings < seconds * 10:
        fail(f"only {readings} readings in {seconds} s")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("mode", choices=["check", "protocol", "faults"])
    parser.add_argument("--gripfit-serial", required=True)
    parser.add_argument("--bridge", required=True)
    parser.add_argument("--seconds", type=int, default=120)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="gripfit-native-") as scratch:
        if args.mode == "check":
            rig = Rig(args.gripfit_serial, args.bridge, ["--load", "0kg"], [], scratch)
            try:
                run_check(args.gripfit_serial, rig)
            finally:
                rig.stop()
        elif args.mode == "protocol":
            rig = Rig(args.gripfit_serial, args.bridge, ["--pattern", "counter"],
                      ["--fault", "crowd", "--fault", "write-fail", "--fault", "slow-cccd", "--fault-period-ms", "300"],
                      scratch)
            try:
                run_protocol(rig)
            finally:
                rig.stop()
        else:
            rig = Rig(args.gripfit_serial, args.bridge, ["--pattern", "counter"],
                      ["--fault", "all", "--fault-period-ms", "4000"], scratch)
            try:
                run_faults(args.gripfit_serial, rig, args.seconds)
            finally:
                rig.stop()
    print(f"{args.mode} against {args.bridge}: pass")


if __name__ == "__main__":
    main()
