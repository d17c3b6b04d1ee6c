#!/usr/bin/env python3
"""The host's bridge firmware gate against the native bridge (`make -C firmware-bridge gate-test`).

  --bridge      the native bridge as built (it reports the version in src/BridgeConfig.h, the one
                this gripfit-serial expects): `bridge info` (text and --json) says no update is
                needed, doctor passes its BRIDGE:INFO line, check's JUnit says bridge.update current.
  --old-bridge  the native bridge built with `make native BRIDGE_VERSION=0.9.0`, older than the
                version gripfit-serial requires: `bridge info` and doctor say an update is required
                and name `bridge update` with the port; monitor and record refuse with exit 69 and
                that command, and so does the dashboard (its page's banner is for a recommended
                update); check runs and fails its handshake case, JUnit property bridge.update.

Nothing here sleeps to wait: each step waits for a process to exit.
"""
import argparse
import importlib.util
import json
import os
import subprocess
import sys
import tempfile
from xml.etree import ElementTree

HANG = 120


def fail(message):
    print(f"FAIL: {message}", file=sys.stderr)
    sys.exit(1)


def load_host_test():
    """host-test.py's Rig: the simulated GripFit and the native bridge."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "host-test.py")
    spec = importlib.util.spec_from_file_location("host_test", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run(gripfit_serial, *arguments, env=None):
    return subprocess.run([gripfit_serial, *arguments], capture_output=True, text=True, timeout=HANG, env=env)


def expect(result, code, *phrases, what):
    output = result.stdout + result.stderr
    if (code is not None and result.returncode != code) or any(phrase not in output for phrase in phrases):
        fail(f"{what}: exit {result.returncode}, expected {code} with {phrases}:\n{output}")
    return output


def line_starting(output, prefix, what):
    for line in output.splitlines():
        if line.startswith(prefix):
            return line
    fail(f"{what}: no line starting {prefix!r}:\n{output}")


def check_handshake(gripfit_serial, rig, scratch, code):
    """`check --only handshake` with a JUnit report: the case's output and the suite's bridge.update."""
    junit = os.path.join(scratch, "check.xml")
    result = run(gripfit_serial, "check", "--port", rig.pty, "--only", "handshake", "--junit", junit)
    expect(result, code, "bridge update", what="check")
    properties = {p.get("name"): p.get("value") for p in ElementTree.parse(junit).iter("property")}
    return result.stdout, properties.get("bridge.update")


def current_bridge(gripfit_serial, rig, scratch):
    info = run(gripfit_serial, "bridge", "info", "--port", rig.pty)
    expect(info, 0, "firmware: 1.0.0", f"port:     {rig.pty}", "update:   none needed", what="bridge info")
    info = json.loads(run(gripfit_serial, "bridge", "info", "--port", rig.pty, "--json").stdout)
    if info.get("firmware") != "1.0.0" or info.get("update") != "current" or info.get("port") != rig.pty:
        fail(f"bridge info --json: {info}")
    doctor = run(gripfit_serial, "doctor", "--port", rig.pty)
    line = line_starting(doctor.stdout, "✔ BRIDGE:INFO", "doctor")
    if line != "✔ BRIDGE:INFO: bridge firmware 1.0.0":
        fail(f"doctor: {line}")
    output, update = check_handshake(gripfit_serial, rig, scratch, 0)
    if update != "current" or "bridge update current" not in output:
        fail(f"check: bridge.update {update!r}:\n{output}")
    print("gate: a current bridge: bridge info says none needed, doctor and check pass (bridge.update current)")


def old_bridge(gripfit_serial, rig, scratch):
    info = run(gripfit_serial, "bridge", "info", "--port", rig.pty)
    expect(info, 0, "firmware: 0.9.0", "update:   bridge firmware 0.9.0 is older than 1.0.0", "update is required",
           f"gripfit-serial bridge update PACKAGE.zip --port {rig.pty}", what="bridge info")
    info = json.loads(run(gripfit_serial, "bridge", "info", "--port", rig.pty, "--json").stdout)
    if info.get("firmware") != "0.9.0" or info.get("update") != "required" or info.get("required") != "1.0.0":
        fail(f"bridge info --json: {info}")
    doctor = run(gripfit_serial, "doctor", "--port", rig.pty)
    line = line_starting(doctor.stdout, "✘ BRIDGE:INFO", "doctor")
    if "0.9.0 is older than 1.0.0" not in line or f"gripfit-serial bridge update PACKAGE.zip --port {rig.pty}" not in line:
        fail(f"doctor: {line}")
    if doctor.returncode != 1:
        fail(f"doctor exit {doctor.returncode} with a failed check")
    monitor = run(gripfit_serial, "monitor", "--port", rig.pty, "--duration", "30")
    expect(monitor, 69, "Not started", "0.9.0 is older than 1.0.0", f"gripfit-serial bridge update PACKAGE.zip --port {rig.pty}",
           what="monitor")
    if any(" state " not in line for line in monitor.stdout.splitlines()):
        fail(f"monitor printed more than its state from a refused bridge:\n{monitor.stdout}")
    env = dict(os.environ, GRIPFIT_HISTORY=os.path.join(scratch, "history.sqlite"))
    record = run(gripfit_serial, "record", "--port", rig.pty, "--duration", "30",
                 "--history", os.path.join(scratch, "history.sqlite"), env=env)
    expect(record, 69, "Not started", "gripfit-serial bridge update", what="record")
    output, update = check_handshake(gripfit_serial, rig, scratch, 1)
    if update != "required" or "✘ bridge firmware 0.9.0 is older than 1.0.0" not in output:
        fail(f"check: bridge.update {update!r}:\n{output}")
    print("gate: a 0.9.0 bridge: check fails its handshake case, bridge.update required")
    dashboard = run(gripfit_serial, "dashboard", "--port", rig.pty, "--listen", "127.0.0.1:0",
                    "--history", os.path.join(scratch, "history.sqlite"), env=env)
    expect(dashboard, 69, "Not started", f"gripfit-serial bridge update PACKAGE.zip --port {rig.pty}", what="dashboard")
    print("gate: a 0.9.0 bridge: the dashboard does not start (69), naming bridge update")
    print("gate: a 0.9.0 bridge: bridge info and doctor say an update is required; monitor and record refuse with 69")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--gripfit-serial", required=True)
    parser.add_argument("--bridge", required=True, help="the native bridge as built")
    parser.add_argument("--old-bridge", required=True, help="the native bridge built with BRIDGE_VERSION=0.9.0")
    args = parser.parse_args()
    host_test = load_host_test()
    with tempfile.TemporaryDirectory(prefix="gripfit-gate-") as scratch:
        rig = host_test.Rig(args.gripfit_serial, args.bridge, ["--load", "0kg"], [], scratch)
        try:
            current_bridge(args.gripfit_serial, rig, scratch)
        finally:
            rig.stop()
        rig = host_test.Rig(args.gripfit_serial, args.old_bridge, ["--load", "0kg"], [], scratch)
        try:
            old_bridge(args.gripfit_serial, rig, scratch)
        finally:
            rig.stop()
    print("gate: pass")


if __name__ == "__main__":
    main()
