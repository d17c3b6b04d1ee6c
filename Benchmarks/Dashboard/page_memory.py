#!/usr/bin/env python3
"""The dashboard page's memory over a long run at 50 Hz (`make bench-dashboard`, not a test).

Starts `gripfit-serial simulate` at a 20 ms rate and `dashboard --port <pty>`, opens the page in
Debian's headless Chromium (selenium, as the browser test does), keeps the live tab drawing, and
prints the page's JS heap and DOM node count once a minute after a garbage collection: flat
figures mean the chart's ring buffer and the page hold a bounded amount whatever the run's length.
Also prints the dashboard's CPU from minute 1 on: the server with a real page open, its event
stream and the status requests that follow the readings.
"""
import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "Tests", "Browser"))
sys.path.insert(0, os.path.dirname(__file__))
from dashboard_browser_test import browser  # noqa: E402
from dashboard_at_50hz import dashboard_at_50hz, read_url  # noqa: E402
from dashboard_cpu import cpu_seconds  # noqa: E402


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=".build/release/gripfit-serial")
    parser.add_argument("--minutes", type=int, default=10)
    arguments = parser.parse_args()

    with dashboard_at_50hz(arguments.binary) as dashboard:
        url = read_url(dashboard)
        driver = browser("/usr/bin/chromium", "/usr/bin/chromedriver")
        try:
            driver.execute_cdp_cmd("Performance.enable", {})
            driver.get(url)
            print(f"page memory at 50 Hz over {arguments.minutes} min:")
            print("minute  JS heap used (MiB)  DOM nodes  readings drawn")
            for minute in range(arguments.minutes + 1):
                if minute:
                    time.sleep(60)
                if minute == 1:
                    start_cpu, start_wall = cpu_seconds(dashboard.pid), time.monotonic()
                driver.execute_cdp_cmd("HeapProfiler.collectGarbage", {})
                metrics = {m["name"]: m["value"] for m in driver.execute_cdp_cmd("Performance.getMetrics", {})["metrics"]}
                count = driver.execute_script("return live.ring.count")
                print(f"{minute:6d}  {metrics['JSHeapUsedSize'] / 1048576:18.2f}  {int(metrics['Nodes']):9d}  {count:14d}")
            if arguments.minutes >= 2:
                cpu, wall = cpu_seconds(dashboard.pid) - start_cpu, time.monotonic() - start_wall
                print(f"dashboard CPU with the page open, minute 1 to {arguments.minutes}: {100 * cpu / wall:.2f} % of one core")
        finally:
            driver.quit()


if __name__ == "__main__":
    main()
