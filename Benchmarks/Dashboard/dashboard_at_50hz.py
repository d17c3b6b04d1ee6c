"""What both dashboard benchmarks start and stop: `gripfit-serial simulate` at a 20 ms rate and
`dashboard --port <pty>` on a free loopback port, and the URL the dashboard prints first."""
import contextlib
import re
import select
import subprocess
import sys


@contextlib.contextmanager
def dashboard_at_50hz(binary):
    """Yields the dashboard's process (its stdout a pipe: `read_url` it first); on the way out it
    and the simulator are stopped, whatever the benchmark raised."""
    simulator = subprocess.Popen([binary, "simulate"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    try:
        pty = simulator.stdout.readline().decode().strip()
        subprocess.run([binary, "rate", "20", "--port", pty], check=True, stdout=subprocess.DEVNULL)
        dashboard = subprocess.Popen([binary, "dashboard", "--port", pty, "--listen", "127.0.0.1:0"],
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        try:
            yield dashboard
        finally:
            dashboard.terminate()
            dashboard.wait(timeout=10)
    finally:
        simulator.terminate()
        simulator.wait(timeout=10)


def read_url(dashboard):
    """The page's URL (with its token, if any) from the dashboard's first line, within 30 s."""
    ready, _, _ = select.select([dashboard.stdout], [], [], 30)
    if not ready:
        sys.exit("the dashboard printed no URL within 30 s")
    match = re.search(r"http://127\.0\.0\.1:\d+/\S*", dashboard.stdout.readline().decode())
    if not match:
        sys.exit("no URL from the dashboard")
    return match.group(0)
