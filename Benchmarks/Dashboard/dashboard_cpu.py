#!/usr/bin/env python3
"""CPU of the `gripfit-serial dashboard` process at 50 Hz, with browsers' event streams attached.

A benchmark, not a test (`make bench-dashboard`): starts `gripfit-serial simulate`, sets its rate to
20 ms with `gripfit-serial rate 20`, serves `dashboard --port <pty>` on a free loopback port,
attaches N Server-Sent-Event clients that read every event (as pages would), and reports the
dashboard's user+system CPU time (schedstat, in nanoseconds) over the run as a percentage of one core, with the
readings each client received: the median of several windows in turn, as on a shared machine one
window alone can be a third off. The simulator runs in its own process and is not counted.
"""
import argparse
import http.client
import os
import statistics
import sys
import threading
import time
import urllib.parse

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from process_cpu import cpu_ns  # noqa: E402
from dashboard_at_50hz import dashboard_at_50hz, read_url  # noqa: E402


def cpu_seconds(pid):
    return cpu_ns(pid) / 1e9


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def client(port, counts, index, stop):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    connection.request("GET", "/api/events")
    response = connection.getresponse()
    while not stop.is_set():
        line = response.readline()
        if not line:
            break
        if line.startswith(b"data: ") and b'"event":"reading"' in line:
            counts[index] += 1


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=".build/release/gripfit-serial")
    parser.add_argument("--seconds", type=float, default=30, help="one measuring window")
    # Windows in turn, their median reported: on a shared VM a single window can be a third off.
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--clients", type=int, default=1)
    parser.add_argument("--target", type=float, help="fail (exit 1) when the CPU share is above this percentage")
    arguments = parser.parse_args()

    with dashboard_at_50hz(arguments.binary) as dashboard:
        port = urllib.parse.urlsplit(read_url(dashboard)).port
        stop = threading.Event()
        counts = [0] * arguments.clients
        threads = [threading.Thread(target=client, args=(port, counts, i, stop), daemon=True)
                   for i in range(arguments.clients)]
        for thread in threads:
            thread.start()
        time.sleep(3)  # connected, streaming, first allocations done
        start_counts, start_rss = list(counts), rss_kib(dashboard.pid)
        shares, total = [], 0.0
        for _ in range(arguments.runs):
            start_cpu, start_wall = cpu_seconds(dashboard.pid), time.monotonic()
            time.sleep(arguments.seconds)
            wall = time.monotonic() - start_wall
            shares.append(100 * (cpu_seconds(dashboard.pid) - start_cpu) / wall)
            total += wall
        received = [now - before for now, before in zip(counts, start_counts)]
        end_rss = rss_kib(dashboard.pid)
        stop.set()
        share = statistics.median(shares)
        print(f"dashboard at 50 Hz, {arguments.clients} event stream(s), {arguments.runs} x {arguments.seconds:g} s "
              f"({arguments.binary}):")
        print(f"  CPU {share:.2f} % of one core, the median of {', '.join(f'{s:.2f}' for s in shares)}")
        print(f"  readings per client: {', '.join(f'{r} ({r / total:.1f}/s)' for r in received)}")
        print(f"  RSS {start_rss / 1024:.1f} MiB -> {end_rss / 1024:.1f} MiB")
        if any(r < 0.95 * 50 * total for r in received):
            sys.exit("a client missed readings")
        if arguments.target is not None:
            met = share <= arguments.target
            print(f"  target <= {arguments.target:g} % (the median): {'met' if met else 'NO'}")
            if not met:
                sys.exit(1)


if __name__ == "__main__":
    main()
