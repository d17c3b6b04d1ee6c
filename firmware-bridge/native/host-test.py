#!/usr/bin/env python3
"""The native bridge driven by the real gripfit-serial binary (`make -C firmware-bridge native-test`).

For each run: `gripfit-serial simulate --serve-gripfit` serves the simulated GripFit on a Unix
socket, the native bridge (one build: plain, asan or tsan) reaches it through its fake radio and
prints its pty, and gripfit-serial talks to that pty.

  check    `check --port <pty>` must pass every case.
  faults   `rate 20`, then `monitor --format jsonl` for --seconds with every radio fault: readings
           (counter pattern) strictly increasing, each gap preceded by a DATA_LOST or a link-down
           state event, no line the host could not parse, and each fault seen at least once.

The bridge must exit cleanly with nothing on stderr: a sanitizer report fails the run.
"""
import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import time

ALLOWED_WARNINGS = {"no-readings", "data-lost", "bridge-error"}


def fail(message):
    print(f"FAIL: {message}", file=sys.stderr)
    sys.exit(1)


class Rig:
    """The simulated GripFit and the native bridge, started together, stopped together."""

    def __init__(self, gripfit_serial, bridge, simulate_args, bridge_args, scratch):
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


def run_check(gripfit_serial, rig):
    result = subprocess.run([gripfit_serial, "check", "--port", rig.pty], timeout=180)
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
    parser.add_argument("mode", choices=["check", "faults"])
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
