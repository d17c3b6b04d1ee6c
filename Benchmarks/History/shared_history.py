#!/usr/bin/env python3
"""The shared history on PostgreSQL: the scale table of history_scale.py against a server, and four
stations recording into one history at once (PostgreSQL and one SQLite file side by side).

A benchmark, not a test (`make bench-history`). It starts its own throwaway cluster from Debian's
`postgresql` package in a temporary directory on 127.0.0.1 (as user `postgres` when run as root:
initdb refuses root), gives each size a fresh database, and stops the cluster at the end. Prints
markdown tables, as Benchmarks/README.md "Scale" shows them.
"""
import argparse
import glob
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import history_scale  # noqa: E402


class Cluster:
    """A throwaway PostgreSQL cluster with trust auth on loopback: a benchmark's, never a user's."""

    def __init__(self):
        versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
        if not versions:
            sys.exit("PostgreSQL is not installed: apt-get install postgresql")
        self.bin = os.path.dirname(versions[-1])
        self.dir = tempfile.mkdtemp(prefix="gripfit-bench-pg-")
        os.chmod(self.dir, 0o700)
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.prefix = []
        if os.geteuid() == 0:
            shutil.chown(self.dir, "postgres")
            self.prefix = ["runuser", "-u", "postgres", "--"]
        self.run("initdb", "-D", f"{self.dir}/data", "-U", "gripfit", "--auth=trust")
        self.run("pg_ctl", "-D", f"{self.dir}/data", "-l", f"{self.dir}/log", "-w", "start",
                 "-o", f"-k {self.dir} -h 127.0.0.1 -p {self.port}")

    def run(self, program, *arguments):
        subprocess.run([*self.prefix, f"{self.bin}/{program}", *arguments], check=True, cwd="/",
                       stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)

    def fresh(self, name):
        subprocess.run([f"{self.bin}/psql", "-h", "127.0.0.1", "-p", str(self.port), "-U", "gripfit", "-d", "postgres",
                        "-q", "-c", f"CREATE DATABASE {name}"], check=True, stdin=subprocess.DEVNULL)
        return f"postgresql://gripfit@127.0.0.1:{self.port}/{name}?sslmode=disable"

    def stop(self):
        self.run("pg_ctl", "-D", f"{self.dir}/data", "-m", "fast", "-w", "stop")
        shutil.rmtree(self.dir, ignore_errors=True)


def four_stations(binary, history, rounds, seconds):
    """`rounds` times four `record --simulate` at once, each station with its own home and name,
    into `history`. Returns the slowest round's wall time and the sessions the history then holds."""
    homes = [tempfile.mkdtemp(prefix=f"gripfit-station-{n}-") for n in range(4)]
    try:
        environments = []
        for number, home in enumerate(homes, 1):
            os.makedirs(os.path.join(home, "config", "gripfit"), mode=0o700)
            with open(os.path.join(home, "config", "gripfit", "config.toml"), "w") as config:
                config.write(f'history = "{history}"\nstation = "room-{number}"\n')
            environments.append(history_scale.environment(home))
        slowest = 0.0
        for _ in range(rounds):
            began = time.monotonic()
            runs = [subprocess.Popen([binary, "record", "--simulate", "--duration", str(seconds)], env=env,
                                     stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
                    for env in environments]
            for process in runs:
                _, error = process.communicate(timeout=120)
                if process.returncode != 0 or b"locked" in error:
                    sys.exit(f"a station failed ({process.returncode}): {error.decode(errors='replace')[-400:]}")
            slowest = max(slowest, time.monotonic() - began)
        listed = subprocess.run([binary, "history", "--json"], env=environments[0], check=True, capture_output=True,
                                stdin=subprocess.DEVNULL).stdout
        return slowest, listed.count(b'"id":')
    finally:
        for home in homes:
            shutil.rmtree(home, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default=history_scale.DEFAULT_BINARY, help="the release build (default: %(default)s)")
    parser.add_argument("--sizes", default="1000,20000,100000", help="sessions per run, comma-separated")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of four recordings at once (default: %(default)s)")
    arguments = parser.parse_args()
    try:
        sizes = [int(size) for size in arguments.sizes.split(",")]
    except ValueError:
        parser.error(f"--sizes takes whole numbers separated by commas; got {arguments.sizes}")
    if any(size < 1 or size > 1_000_000 for size in sizes) or not 1 <= arguments.rounds <= 100:
        parser.error("each size is 1 to 1,000,000 sessions; --rounds is 1 to 100")
    if not os.access(arguments.binary, os.X_OK):
        sys.exit(f"{arguments.binary}: no release build; run `make bench-history` or build it first")

    cluster = Cluster()
    try:
        scratch = tempfile.mkdtemp(prefix="gripfit-scale-template-")
        try:
            session = history_scale.template(arguments.binary, scratch)
        finally:
            shutil.rmtree(scratch, ignore_errors=True)
        rows = []
        for count in sizes:
            rows.append(history_scale.measure(arguments.binary, count, session, cluster.fresh(f"scale_{count}"), False))
            print(f"{count} sessions done", file=sys.stderr)
        history_scale.print_table("PostgreSQL", rows)

        sqlite_file = tempfile.mkdtemp(prefix="gripfit-shared-sqlite-")
        try:
            print()
            print("| four stations at once | slowest round | sessions held |")
            print("| --- | --- | --- |")
            for name, history in [("PostgreSQL", cluster.fresh("stations")),
                                  ("one SQLite file", "sqlite:" + os.path.join(sqlite_file, "history.sqlite"))]:
                slowest, held = four_stations(arguments.binary, history, arguments.rounds, 2)
                expected = 4 * arguments.rounds
                if held != expected:
                    sys.exit(f"{name}: {held} sessions held, {expected} recorded")
                print(f"| {name} ({arguments.rounds} rounds of 4 × `record --duration 2`) | {slowest:.1f} s | "
                      f"{held} of {expected} |")
        finally:
            shutil.rmtree(sqlite_file, ignore_errors=True)
    finally:
        cluster.stop()


if __name__ == "__main__":
    main()
