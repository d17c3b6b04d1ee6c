"""`monitor --format jsonl` through a real pty, beside the pyserial loop in pyserial-monitor.py.

Each consumer opens the slave side of a fresh pty; this script writes readings into the master
side and watches the consumer's stdout. CPU is the consumer's own (user + system, from
/proc/PID/task/*/schedstat, in nanoseconds), so the figures hold on a busy machine better than
wall time does. Every run checks that every reading arrived once and in order.

The 50 Hz figures are judged against the floor measured in the same run, round by round (the
consumers take turns, so a change in the machine's load falls on all of them): gripfit-serial's
CPU at most 1.25 times the C poll loop's (Benchmarks/poll-floor.c: the same three syscalls a
reading, no work), its p99 within 1 ms of the poll loop's. A VM's own floor can sit above any
absolute target (0.16-0.22 % of a core and a p99 of 2.6 ms on the 2-core VM of issue 32); the
absolute figures are printed beside the ratios.

Usage: end-to-end.py GRIPFIT_BINARY VENV_PYTHON CORE_BENCHMARK.jmh.json
Environment: BENCH_RUNS (3), BENCH_FLOOD (1000000), BENCH_PY_FLOOD (200000),
BENCH_RSS_LINES (10000000), BENCH_RATE_SECONDS (20).
"""

import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import tty

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from process_cpu import cpu_ns  # noqa: E402
# Readings count up from here, all with the same number of digits: `R:10000001`.
BASE = 10_000_000


def settings():
    env = os.environ
    return {
        "runs": int(env.get("BENCH_RUNS", "3")),
        "flood": int(env.get("BENCH_FLOOD", "1000000")),
        "py_flood": int(env.get("BENCH_PY_FLOOD", "200000")),
        "rss_lines": int(env.get("BENCH_RSS_LINES", "10000000")),
        "rate_seconds": float(env.get("BENCH_RATE_SECONDS", "20")),
    }


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


class Consumer:
    """A consumer process on the slave side of a new pty, its stdout read by a thread here."""

    def __init__(self, command, stdout_path=None):
        self.master, slave = os.openpty()
        # Raw before anyone writes: the consumer sets raw mode too, but only once it opens.
        tty.setraw(slave)
        self.slave = slave
        path = os.ttyname(slave)
        self.out_path = stdout_path
        stdout = open(stdout_path, "wb") if stdout_path else subprocess.PIPE
        self.process = subprocess.Popen(command(path), stdout=stdout, stderr=subprocess.PIPE)
        if stdout_path:
            stdout.close()
        self.arrivals = {}
        self.first_line = threading.Event()
        # Replies the consumer sends (monitor asks for INFO): drained so the pty never fills.
        threading.Thread(target=self._drain_master, daemon=True).start()
        if not stdout_path:
            threading.Thread(target=self._read_stdout, daemon=True).start()
        self._wait_for_first_line()

    def _drain_master(self):
        try:
            while os.read(self.master, 4096):
                pass
        except OSError:
            pass

    def _read_stdout(self):
        pending = b""
        for chunk in iter(lambda: os.read(self.process.stdout.fileno(), 65536), b""):
            now = time.perf_counter_ns()
            lines = (pending + chunk).split(b"\n")
            pending = lines.pop()
            for line in lines:
                self.first_line.set()
                if line.startswith(b'{"event":"reading"'):
                    self.arrivals[int(line[line.rindex(b":") + 1 : -1])] = now
                elif line.startswith(b"R:"):
                    self.arrivals[int(line[2:])] = now

    def _wait_for_first_line(self):
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.out_path:
                if os.path.getsize(self.out_path) > 0:
                    return
            elif self.first_line.wait(0.01):
                return
            if self.process.poll() is not None:
                raise SystemExit(f"consumer exited early: {self.process.stderr.read().decode()}")
            time.sleep(0.01)
        raise SystemExit("consumer never started")

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)
        os.close(self.slave)
        os.close(self.master)


def flood(command, lines, out_dir, sample_rss=False):
    """Writes `lines` readings as fast as the pty takes them; returns CPU, wall and RSS figures."""
    out_path = os.path.join(out_dir, "flood.jsonl")
    consumer = Consumer(command, stdout_path=out_path)
    pid = consumer.process.pid
    data = b"".join(b"R:%d\n" % (BASE + i) for i in range(1, lines + 1))
    last = b'"raw":%d}' % (BASE + lines)
    rss = []
    cpu_start = cpu_ns(pid)
    start = time.perf_counter()

    def write():
        view = memoryview(data)
        while view:
            view = view[os.write(consumer.master, view[:65536]) :]

    writer = threading.Thread(target=write)
    writer.start()
    next_sample = 0.0
    with open(out_path, "rb") as out:
        while True:
            elapsed = time.perf_counter() - start
            if sample_rss and elapsed >= next_sample:
                rss.append(rss_kib(pid))
                next_sample = elapsed + 0.5
            out.seek(max(0, os.path.getsize(out_path) - 64))
            if out.read().rstrip().endswith(last):
                break
            if consumer.process.poll() is not None:
                raise SystemExit("consumer exited during the flood")
            time.sleep(0.002)
    wall = time.perf_counter() - start
    cpu = (cpu_ns(pid) - cpu_start) / 1e9
    writer.join()
    consumer.stop()
    verify(out_path, lines)
    return {"cpu": cpu, "wall": wall, "lines": lines, "rss": rss}


def verify(path, lines):
    """Every reading once, in order, none lost, none added."""
    expected = BASE + 1
    with open(path, "rb") as out:
        for line in out:
            if line.startswith(b'{"event":"reading"'):
                raw = int(line[line.rindex(b":") + 1 : -2])
                if raw != expected:
                    raise SystemExit(f"{path}: reading {raw} where {expected} was due")
                expected += 1
            elif b'"event":"warning"' in line:
                raise SystemExit(f"{path}: unexpected warning {line!r}")
    if expected != BASE + lines + 1:
        raise SystemExit(f"{path}: {expected - BASE - 1} readings of {lines}")


def paced(command, seconds):
    """50 Hz for `seconds`: consumer CPU share and write-to-stdout latency of every reading."""
    consumer = Consumer(command)
    pid = consumer.process.pid
    count = int(seconds * 50)
    written = {}
    cpu_start = cpu_ns(pid)
    start = time.perf_counter()
    for i in range(1, count + 1):
        due = start + i / 50
        time.sleep(max(0.0, due - time.perf_counter()))
        written[BASE + i] = time.perf_counter_ns()
        os.write(consumer.master, b"R:%d\n" % (BASE + i))
    deadline = time.perf_counter() + 5
    while len(consumer.arrivals) < count and time.perf_counter() < deadline:
        time.sleep(0.01)
    wall = time.perf_counter() - start
    cpu = (cpu_ns(pid) - cpu_start) / 1e9
    consumer.stop()
    arrived = sorted(consumer.arrivals)
    if arrived != sorted(written):
        raise SystemExit(f"50 Hz: {len(arrived)} of {count} readings arrived")
    latencies = sorted((consumer.arrivals[raw] - written[raw]) / 1e6 for raw in written)
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
    return {"cpu_percent": cpu / wall * 100, "p99_ms": p99, "readings": count}


def core_python(lines):
    """The Python split loop over the same bytes as the Swift core benchmark, per CPU-second."""
    data = b"".join(b"R:%d\n" % (834_572 + i % 1000) for i in range(lines))
    start = time.process_time()
    total = 0
    pending = b""
    for offset in range(0, len(data), 4096):
        parts = (pending + data[offset : offset + 4096]).split(b"\n")
        pending = parts.pop()
        for line in parts:
            if line.startswith(b"R:"):
                total += int(line[2:])
    cpu = time.process_time() - start
    assert total == sum(834_572 + i % 1000 for i in range(lines))
    return lines / cpu


def core_figures(jmh_path):
    """Lines per CPU-second and mallocs per line from CoreBenchmarks' JMH export (medians of its
    iterations; one iteration is a million lines, and JMH figures are per iteration)."""
    lines_per_iteration = 1_000_000
    with open(jmh_path) as f:
        (element,) = json.load(f)
    metrics = element["secondaryMetrics"]
    cpu_seconds = metrics["Time (total CPU)"]["scorePercentiles"]["50.0"] / 1e6
    mallocs = metrics["Malloc (total)"]["scorePercentiles"]["50.0"]
    return {"linesPerCPUSecond": lines_per_iteration / cpu_seconds, "mallocsPerLine": mallocs / lines_per_iteration}


def median(results, key):
    return statistics.median(r[key] for r in results)


# The 50 Hz targets, relative to the C poll loop measured in the same round.
CPU_RATIO_TARGET = 1.25
P99_MARGIN_TARGET_MS = 1.0


def machine():
    """The machine the table was measured on: CPU model, cores, memory, kernel, load."""
    model = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            model = next((line.split(":", 1)[1].strip() for line in f if line.startswith("model name")), model)
    except OSError:
        pass
    memory = ""
    try:
        with open("/proc/meminfo") as f:
            kib = next(int(line.split()[1]) for line in f if line.startswith("MemTotal:"))
        memory = f", {kib / 1024 / 1024:.0f} GB"
    except (OSError, StopIteration):
        pass
    return f"{model}, {os.cpu_count()} cores{memory}, {platform.system()} {platform.release()}"


def load():
    one, five, _ = os.getloadavg()
    return f"{one:.1f}/{five:.1f}"


def main():
    binary, venv_python, core_path = sys.argv[1:4]
    config = settings()
    gripfit = lambda path: [binary, "monitor", "--port", path, "--format", "jsonl"]
    pyserial = lambda path: [venv_python, os.path.join(HERE, "pyserial-monitor.py"), path]
    # The floor at 50 Hz: the least any consumer can do, a blocking read and a write per line.
    # Its first line is a marker, as the others' first event is.
    cat = lambda path: ["sh", "-c", 'echo ready; exec cat "$0"', path]
    core = core_figures(core_path)
    load_at_start = load()

    with tempfile.TemporaryDirectory() as out_dir:
        print(f"end to end: {config}", file=sys.stderr)
        g_flood = [flood(gripfit, config["flood"], out_dir) for _ in range(config["runs"])]
        p_flood = [flood(pyserial, config["py_flood"], out_dir, sample_rss=True) for _ in range(config["runs"])]
        g_rss = flood(gripfit, config["rss_lines"], out_dir, sample_rss=True)
        # The poll loop's floor, built here: what gripfit-serial's loop costs with no work in it.
        floor_binary = os.path.join(out_dir, "poll-floor")
        subprocess.run(["cc", "-O2", "-o", floor_binary, os.path.join(HERE, "poll-floor.c")], check=True)
        floor = lambda path: [floor_binary, path]
        # Interleaved, so a change in the machine's load falls on every consumer alike.
        g_paced, p_paced, c_paced, f_paced = [], [], [], []
        for _ in range(config["runs"]):
            for results, command in ((g_paced, gripfit), (p_paced, pyserial), (c_paced, cat), (f_paced, floor)):
                results.append(paced(command, config["rate_seconds"]))
    python_core = statistics.median(core_python(1_000_000) for _ in range(config["runs"]))

    def per_cpu(results):
        return statistics.median(r["lines"] / r["cpu"] for r in results)

    def per_wall(results):
        return statistics.median(r["lines"] / r["wall"] for r in results)

    def rss_text(samples, lines):
        steady = samples[len(samples) // 5 :] or samples
        low, high = min(steady) / 1024, max(steady) / 1024
        shape = "flat" if high - low <= max(1.0, 0.05 * high) else "growing"
        return f"{shape} {high:.1f} MB ({low:.1f}–{high:.1f}) over {lines / 1e6:g} M lines", shape == "flat"

    # Round by round: each round's gripfit run and poll-loop run shared the machine's load.
    cpu_ratio = statistics.median(g["cpu_percent"] / f["cpu_percent"] for g, f in zip(g_paced, f_paced))
    p99_margin = statistics.median(g["p99_ms"] - f["p99_ms"] for g, f in zip(g_paced, f_paced))
    g_rss_text, g_rss_flat = rss_text(g_rss["rss"], g_rss["lines"])
    p_rss_text, _ = rss_text([s for r in p_flood for s in r["rss"]], config["py_flood"])
    rows = [
        (
            "LineFramer + MessageParser, lines per CPU-second",
            f"{core['linesPerCPUSecond'] / 1e6:.1f} M ({core['mallocsPerLine']:.5f} mallocs/line)",
            f"{python_core / 1e6:.2f} M (split loop)",
            "≥ 10 M",
            core["linesPerCPUSecond"] >= 10e6,
        ),
        (
            "`monitor --format jsonl` through a pty, lines per consumer CPU-second / wall",
            f"{per_cpu(g_flood) / 1e3:.0f} k / {per_wall(g_flood) / 1e3:.0f} k",
            f"{per_cpu(p_flood) / 1e3:.0f} k / {per_wall(p_flood) / 1e3:.0f} k (chunked reads)",
            "≥ 300 k / ≥ 130 k",
            per_cpu(g_flood) >= 300e3 and per_wall(g_flood) >= 130e3,
        ),
        (
            "50 Hz: CPU of one core, and its ratio to the C poll loop's in the same round",
            f"{median(g_paced, 'cpu_percent'):.3f} %: {cpu_ratio:.2f}× the C poll loop's "
            f"{median(f_paced, 'cpu_percent'):.3f} %",
            f"{median(p_paced, 'cpu_percent'):.3f} % (`cat` of the pty: {median(c_paced, 'cpu_percent'):.3f} %)",
            f"≤ {CPU_RATIO_TARGET:g}× the C poll loop's",
            cpu_ratio <= CPU_RATIO_TARGET,
        ),
        (
            "50 Hz: write → JSONL on stdout, p99, and its margin over the C poll loop's",
            f"{median(g_paced, 'p99_ms'):.2f} ms: {p99_margin:+.2f} ms beside the C poll loop's "
            f"{median(f_paced, 'p99_ms'):.2f} ms",
            f"{median(p_paced, 'p99_ms'):.2f} ms (`cat`: {median(c_paced, 'p99_ms'):.2f} ms)",
            f"within {P99_MARGIN_TARGET_MS:g} ms of the C poll loop's",
            p99_margin <= P99_MARGIN_TARGET_MS,
        ),
        ("RSS", g_rss_text, p_rss_text, "flat (report the figure)", g_rss_flat),
    ]
    print(f"{time.strftime('%Y-%m-%d %H:%M %Z')}, {machine()}; 1- and 5-minute load average "
          f"{load_at_start} at the start, {load()} at the end. "
          f"Medians of {config['runs']}. Every run: every reading arrived once, in order "
          f"({config['flood']:,} per gripfit flood, {config['py_flood']:,} per pyserial flood, "
          f"{config['rss_lines']:,} in the RSS run, {int(config['rate_seconds'] * 50):,} per 50 Hz run).")
    print()
    print("| what | gripfit-serial | a pyserial/Python loop | target | met |")
    print("| --- | --- | --- | --- | --- |")
    for what, ours, theirs, target, met in rows:
        print(f"| {what} | {ours} | {theirs} | {target} | {'yes' if met else 'NO'} |")
    missed = [row[0] for row in rows if not row[4]]
    if missed:
        print(f"end to end: {len(missed)} target(s) missed: " + "; ".join(missed), file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
