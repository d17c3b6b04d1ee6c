#!/usr/bin/env python3
"""The history at scale: import, `export --all`, `history --json` and the dashboard's first page
over 1,000, 20,000 and 100,000 sessions of 10 s at 10 Hz.

A benchmark, not a test (`make bench-history`, also run by `make bench`). For each size it writes an
export file directly in the export format (one recorded session as the template, its trace replaced
by 100 synthetic readings, the start moved one minute per session), then, with the release binary in
a temporary XDG home: imports it (sessions/s), exports everything to a file (wall time and the
process's maximum RSS), lists `history --json` (wall time and RSS, the median of 3), the
table `history --all` prints in a pipe beside `--format csv` (median of 3 each), and serves `dashboard --simulate`, timing
`/api/sessions?limit=50` (median of 5). Prints a markdown table, as Benchmarks/README.md "Scale" shows it.

--backend postgresql://… runs the same against a server: every command gets `--history URL` (the
server's history is emptied by the caller between sizes; the URL carries no password, which
~/.pgpass or PGPASSWORD gives).
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

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
sys.path.insert(0, os.path.join(ROOT, "Tests", "Browser"))
from dashboard_process import environment, start_dashboard, stop_dashboard  # noqa: E402
DEFAULT_BINARY = os.path.join(ROOT, ".build", "release", "gripfit-serial")
READINGS = 100  # 10 s at 10 Hz


def backend_arguments(backend):
    return ["--history", backend] if backend else []


def template(binary, home):
    """One session as `export` writes it, from a short simulated recording in its own home."""
    env = environment(home)
    subprocess.run([binary, "record", "--simulate", "--duration", "1", "--label", "template"], env=env, check=True,
                   stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    exported = subprocess.run([binary, "export", "--all", "--format", "json"], env=env, check=True,
                              stdin=subprocess.DEVNULL, capture_output=True).stdout
    session = json.loads(exported)["sessions"][0]
    session.pop("id", None)
    # A squeeze: rest, a rise to a peak, a release, rest; raw counts as an uncalibrated GripFit sends them.
    samples = []
    for index in range(READINGS):
        shape = max(0.0, 1.0 - abs(index - 50) / 25.0)
        samples.append([index * 100_000, 1000 + int(300_000 * shape)])
    session["trace"] = {"samples": samples, "gaps": []}
    session["reps"] = []
    return session


def write_export(path, session, count):
    """`count` copies, one minute apart, the newest first, written as the file grows (flat memory)."""
    first = datetime.datetime(2026, 11, 1, tzinfo=datetime.timezone.utc)
    header = {"format": "gripfit-sessions", "version": 1}
    with open(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "w") as file:  # health data: the user's only
        file.write(json.dumps(header, sort_keys=True, separators=(",", ":"))[:-1] + ',"sessions":[')
        for index in range(count):
            start = first - datetime.timedelta(minutes=index)
            copy = dict(session, label=f"session {index}",
                        started_at=start.strftime("%Y-%m-%dT%H:%M:%S.") + f"{start.microsecond // 1000:03d}Z")
            # The template's stable name would make every copy a repeat of the first (the import skips it).
            copy.pop("uid", None)
            file.write(("," if index else "") + json.dumps(copy, sort_keys=True, separators=(",", ":")))
        file.write("]}\n")


def run(command, env):
    """Wall time and maximum RSS (MB) of one process, from its own rusage."""
    began = time.monotonic()
    process = subprocess.Popen(command, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.monotonic() - began
    error = process.stderr.read().decode(errors="replace")
    process.stderr.close()
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"{' '.join(command)} failed ({os.waitstatus_to_exitcode(status)}): {error[-500:]}")
    return elapsed, usage.ru_maxrss / 1024


def first_page(binary, home, backend, repeats=5):
    """The median time of `/api/sessions?limit=50`, each on a new connection, and the page's size."""
    process, url = start_dashboard(binary, home, *backend_arguments(backend), timeout=60)
    try:
        parts = urllib.parse.urlsplit(url)
        token = urllib.parse.parse_qs(parts.query).get("token", [None])[0]
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        times, size = [], 0
        for _ in range(repeats):
            connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=60)
            began = time.monotonic()
            connection.request("GET", "/api/sessions?limit=50", headers=headers)
            response = connection.getresponse()
            body = response.read()
            times.append(time.monotonic() - began)
            connection.close()
            if response.status != 200:
                sys.exit(f"GET /api/sessions: {response.status} {body[:200]!r}")
            size = len(body)
        return statistics.median(times), size
    finally:
        stop_dashboard(process)


def measure(binary, count, session, backend, keep):
    home = tempfile.mkdtemp(prefix=f"gripfit-scale-{count}-")
    try:
        env = environment(home)
        extra = backend_arguments(backend)
        source = os.path.join(home, "sessions.json")
        write_export(source, session, count)
        imported, import_rss = run([binary, "import", *extra, source], env)
        exported, export_rss = run([binary, "export", *extra, "--all", "--format", "json", "-o",
                                    os.path.join(home, "backup.json")], env)
        # The median of three: one listing is short enough for a stray process to double it.
        listings = sorted(run([binary, "history", *extra, "--json"], env) for _ in range(3))
        listed, listed_rss = listings[1]
        # The table in a pipe against CSV, the same rows: a per-row cost (a date formatter a row) shows as a ratio.
        table = sorted(run([binary, "history", *extra, "--all"], env)[0] for _ in range(3))[1]
        csv = sorted(run([binary, "history", *extra, "--all", "--format", "csv"], env)[0] for _ in range(3))[1]
        page, size = first_page(binary, home, backend)
        return {"count": count, "import": imported, "import_rss": import_rss, "export": exported,
                "export_rss": export_rss, "history": listed, "history_rss": listed_rss, "table": table, "csv": csv, "page": page, "page_bytes": size}
    finally:
        if not keep:
            shutil.rmtree(home, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default=DEFAULT_BINARY, help="the release build (default: %(default)s)")
    parser.add_argument("--sizes", default="1000,20000,100000", help="sessions per run, comma-separated")
    parser.add_argument("--backend", help="postgresql://… to measure a server instead of SQLite")
    parser.add_argument("--keep", action="store_true", help="keep the temporary homes")
    arguments = parser.parse_args()
    try:
        sizes = [int(size) for size in arguments.sizes.split(",")]
    except ValueError:
        parser.error(f"--sizes takes whole numbers separated by commas, e.g. 1000,20000; got {arguments.sizes}")
    if any(size < 1 or size > 1_000_000 for size in sizes):
        parser.error("each size is 1 to 1,000,000 sessions")
    if arguments.backend and not arguments.backend.startswith(("postgresql://", "postgres://")):
        parser.error("--backend takes a postgresql:// URL (without its password: ~/.pgpass or PGPASSWORD gives it)")
    if not os.access(arguments.binary, os.X_OK):
        sys.exit(f"{arguments.binary}: no release build; run `swift build -c release --product gripfit-serial` first")

    scratch = tempfile.mkdtemp(prefix="gripfit-scale-template-")
    try:
        session = template(arguments.binary, scratch)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    backend = "PostgreSQL" if arguments.backend else "SQLite"
    rows = []
    for count in sizes:
        result = measure(arguments.binary, count, session, arguments.backend, arguments.keep)
        rows.append(result)
        print(f"{count} sessions done", file=sys.stderr)
    print_table(backend, rows)


def print_table(backend, rows):
    print(f"| {backend} | import | `export --all` | `history --json` | `history --all` table / `--format csv` "
          "| dashboard `/api/sessions?limit=50` |")
    print("| --- | --- | --- | --- | --- | --- |")
    for row in rows:
        rate = row["count"] / row["import"] if row["import"] > 0 else float("inf")
        print(f"| {row['count']:,} sessions | {row['import']:.1f} s ({rate:,.0f} sessions/s, {row['import_rss']:.0f} MB RSS) "
              f"| {row['export']:.1f} s, {row['export_rss']:.0f} MB RSS | {row['history']:.2f} s, {row['history_rss']:.0f} MB RSS "
              f"| {row['table']:.2f} s / {row['csv']:.2f} s ({row['table'] / max(row['csv'], 1e-9):.1f}×) | {row['page'] * 1000:.0f} ms ({row['page_bytes'] / 1024:.0f} KiB) |")


if __name__ == "__main__":
    main()
