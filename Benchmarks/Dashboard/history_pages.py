#!/usr/bin/env python3
"""The dashboard's history tab over a long history: how long the page takes to show it, and what
it fetches.

A benchmark, not a test (`make bench-dashboard`): records one session with the simulator, copies
it to N sessions one minute apart (default 20,000) and files them with `import`, which saves each
through the store as `record` does. Then serves `dashboard --simulate` on that history and reports
the first API page (`/api/sessions?limit=50`) and the trend (`/api/trend?limit=500`), their sizes
and the median of several requests, and the page opened in headless Chromium up to its first 50
rows. Exits 1 when the page takes a second or more: a clinic's history grows every day.
"""
import argparse
import datetime
import http.client
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "Tests", "Browser"))
from dashboard_browser_test import browser  # noqa: E402
from dashboard_process import environment, start_dashboard, stop_dashboard  # noqa: E402

LIMIT_SECONDS = 1.0


def fill(binary, home, count):
    """`count` copies of one recorded session, the newest first, one minute apart, imported."""
    env = environment(home)
    subprocess.run([binary, "record", "--simulate", "--duration", "2", "--label", "template"], env=env, check=True,
                   stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    exported = subprocess.run([binary, "export", "--all", "--format", "json"], env=env, check=True,
                              stdin=subprocess.DEVNULL, capture_output=True).stdout
    document = json.loads(exported)
    template = document["sessions"][0]
    first = datetime.datetime.fromisoformat(template["started_at"].replace("Z", "+00:00"))
    sessions = []
    for index in range(1, count):
        session = dict(template, label=f"session {index}")
        session.pop("id", None)
        start = first - datetime.timedelta(minutes=index)
        session["started_at"] = start.strftime("%Y-%m-%dT%H:%M:%S.") + f"{start.microsecond // 1000:03d}Z"
        sessions.append(session)
    document["sessions"] = sessions
    path = os.path.join(home, "sessions.json")
    with open(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), "w") as file:  # health data: the user's only
        json.dump(document, file)
    began = time.monotonic()
    subprocess.run([binary, "import", path], env=env, check=True, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
    return time.monotonic() - began


def timed_get(url, path, repeats):
    """The body's size and the median time of `repeats` requests, on a new connection each."""
    parts = urllib.parse.urlsplit(url)
    token = urllib.parse.parse_qs(parts.query).get("token", [None])[0]
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    times, size = [], 0
    for _ in range(repeats):
        connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
        began = time.monotonic()
        connection.request("GET", path, headers=headers)
        response = connection.getresponse()
        body = response.read()
        times.append(time.monotonic() - began)
        connection.close()
        if response.status != 200:
            sys.exit(f"GET {path}: {response.status} {body[:200]!r}")
        size = len(body)
    return size, statistics.median(times)


def page_open(driver, url):
    """From navigation to the history tab's first rows, in seconds."""
    began = time.monotonic()
    driver.get(url)
    driver.find_element("id", "tab-history").click()
    while not driver.find_elements("css selector", "#sessions tbody tr"):
        if time.monotonic() - began > 30:
            sys.exit("the history showed no session within 30 s")
        time.sleep(0.005)
    return time.monotonic() - began, len(driver.find_elements("css selector", "#sessions tbody tr"))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=".build/release/gripfit-serial")
    parser.add_argument("--sessions", type=int, default=20_000)
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--no-browser", action="store_true", help="only the API requests")
    arguments = parser.parse_args()
    if not 2 <= arguments.sessions <= 1_000_000:
        sys.exit(f"--sessions {arguments.sessions}: give 2 to 1000000.")
    if not 1 <= arguments.repeats <= 1000:
        sys.exit(f"--repeats {arguments.repeats}: give 1 to 1000.")

    home = tempfile.mkdtemp(prefix="gripfit-bench-history-")
    try:
        return measure(arguments, home)
    finally:
        shutil.rmtree(home, ignore_errors=True)


def measure(arguments, home):
    seconds = fill(arguments.binary, home, arguments.sessions)
    database = os.path.join(home, "data", "gripfit", "history.sqlite")
    print(f"history of {arguments.sessions} sessions: imported in {seconds:.1f} s, "
          f"{os.path.getsize(database) / 1048576:.1f} MiB")
    process, url = start_dashboard(arguments.binary, home)
    driver = None
    try:
        for path in ("/api/sessions?limit=50", "/api/trend?limit=500", "/api/sessions?limit=500"):
            size, median = timed_get(url, path, arguments.repeats)
            print(f"GET {path}: {size / 1024:.1f} KiB in {median * 1000:.1f} ms (median of {arguments.repeats})")
        if arguments.no_browser:
            return 0
        driver = browser("/usr/bin/chromium", "/usr/bin/chromedriver")
        opens = [page_open(driver, url) for _ in range(arguments.repeats)]
        median = statistics.median(seconds for seconds, _ in opens)
        print(f"page open to the history's first {opens[0][1]} rows: {median * 1000:.0f} ms (median of {arguments.repeats})")
        if median >= LIMIT_SECONDS:
            print(f"the page takes {median:.2f} s to show the history: over {LIMIT_SECONDS:.0f} s", file=sys.stderr)
            return 1
        return 0
    finally:
        if driver:
            driver.quit()
        stop_dashboard(process)


if __name__ == "__main__":
    sys.exit(main())
