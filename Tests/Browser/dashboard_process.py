"""`gripfit-serial dashboard --simulate` as a process on a free loopback port with its own history,
for the browser test and the benchmarks that time its pages (this module needs no browser)."""
import argparse
import atexit
import os
import re
import select
import shutil
import subprocess
import sys
import tempfile


def scratch_home(prefix):
    """A private home for one dashboard, removed when the test exits (GRIPFIT_KEEP_TEST_DIRS=1 keeps it)."""
    home = tempfile.mkdtemp(prefix=prefix)
    if "GRIPFIT_KEEP_TEST_DIRS" not in os.environ:
        atexit.register(shutil.rmtree, home, ignore_errors=True)
    return home


def environment(home):
    """The process environment whose history and config live under `home`."""
    return dict(os.environ, XDG_DATA_HOME=os.path.join(home, "data"), XDG_CONFIG_HOME=os.path.join(home, "config"))


def start_dashboard(binary, home, *extra, timeout=30):
    """The running dashboard and the URL it printed (http or, with --tls, https; with its token); exits naming
    what it printed otherwise. Lines printed after the URL stay in `process.stdout`."""
    process = subprocess.Popen(
        [binary, "dashboard", "--simulate", "--listen", "127.0.0.1:0", *extra],
        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=environment(home))
    ready, _, _ = select.select([process.stdout], [], [], timeout)
    if not ready:
        process.kill()
        sys.exit(f"the dashboard printed no URL within {timeout} s")
    line = process.stdout.readline().decode()
    match = re.search(r"https?://\S+", line)
    if not match:
        process.kill()
        sys.exit(f"no URL in {line!r}: {process.stderr.read().decode()}")
    return process, match.group(0)


def stop_dashboard(process):
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()


def browser_arguments():
    """The browser tests' command line: the binary, Chromium, its driver and where screenshots go
    (made if missing)."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=".build/debug/gripfit-serial")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--driver", default="/usr/bin/chromedriver")
    parser.add_argument("--screenshots", default=".build/dashboard-screenshots")
    arguments = parser.parse_args()
    os.makedirs(arguments.screenshots, exist_ok=True)
    return arguments
