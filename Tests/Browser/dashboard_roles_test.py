#!/usr/bin/env python3
"""Roles on the dashboard in headless Chromium: a viewer, a clinician and an admin each log in with
their named token (`dashboard token add NAME --role ROLE`), and the page shows only what the role
may do (Record, Start protocol, export, erase); a request the page hides, forged from the page
anyway, gets 403. Exits non-zero on the first failure.

The page is reached over HTTPS with the certificate `--tls self-signed` makes on first use,
trusted by Chromium for its key alone (--ignore-certificate-errors-spki-list), after checking that
the certificate served is the one whose fingerprint the dashboard printed (issue 37).
"""
import re
import select
import subprocess
import sys

from dashboard_browser_test import browser, served_certificate
from dashboard_process import browser_arguments, environment, scratch_home, stop_dashboard
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

SCHEME = "https"
DASHBOARD_OPTIONS = ["--tls", "self-signed"]


def run(binary, home, *arguments):
    """The command's stdout; exits naming it when it fails."""
    done = subprocess.run([binary, *arguments], capture_output=True, text=True, env=environment(home), timeout=120)
    if done.returncode != 0:
        sys.exit(f"gripfit-serial {' '.join(arguments)} exited {done.returncode}: {done.stderr}")
    return done.stdout.strip()


def start(binary, home, timeout=30):
    """The running dashboard, its base URL (SCHEME://host:port/ from the line it printed) and the
    fingerprint it printed for its certificate."""
    process = subprocess.Popen([binary, "dashboard", "--simulate", "--listen", "127.0.0.1:0", *DASHBOARD_OPTIONS],
                               stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               env=environment(home))
    ready, _, _ = select.select([process.stdout], [], [], timeout)
    line = process.stdout.readline().decode() if ready else ""
    match = re.search(r"https?://([^/\s]+)/", line)
    if not match:
        process.kill()
        sys.exit(f"no URL in {line!r}")
    printed = None
    while printed is None:
        said = process.stdout.readline().decode()
        if not said:
            process.kill()
            sys.exit("the dashboard ended its output before the certificate's fingerprint")
        if said.startswith("Certificate SHA-256 fingerprint: "):
            printed = said.split(": ", 1)[1].strip()
    return process, f"{SCHEME}://{match.group(1)}/", printed


def shown(driver, element_id):
    return driver.find_element(By.ID, element_id).is_displayed()


def status_of(driver, method, path):
    """The status of a request made from the page with its cookie, as a forged click would."""
    return driver.execute_script(
        "return fetch(arguments[1], {method: arguments[0], headers: {'Content-Type': 'application/json'}, body: "
        "arguments[0] === 'GET' ? undefined : '{}'}).then((response) => response.status)", method, path)


# Every route that changes something, as RouteRoles lists them (GripFitDashboardTests' RouteRolesTests
# keeps that table equal to the router's routes): a viewer's forged request gets 403 on each.
WRITE_ROUTES = [("POST", "api/tare"), ("POST", "api/peak/reset"), ("POST", "api/record/start"), ("POST", "api/record/stop"),
                ("POST", "api/devices/scan"), ("POST", "api/devices/pin"), ("POST", "api/subjects"),
                ("DELETE", "api/subjects/P017")]


def log_in(driver, base, token, role):
    """A fresh login: the token in the URL sets the cookie; returns once the page has applied the role."""
    driver.delete_all_cookies()
    driver.get(base + "?token=" + token)
    WebDriverWait(driver, 20).until(lambda _: driver.execute_script("return document.body.dataset.role") == role)
    name = driver.find_element(By.ID, "whoami").text
    assert f"({role})" in name, name


def check(driver, base, role, token, may):
    """`may`: what the role can do, by control; each is shown or hidden accordingly, on both tabs."""
    log_in(driver, base, token, role)
    for control in ("record-start", "guided-start", "tare", "subject-new"):
        assert shown(driver, control) == may["record"], f"{role}: {control} shown is {shown(driver, control)}"
    driver.find_element(By.ID, "tab-history").click()
    WebDriverWait(driver, 10).until(lambda _: shown(driver, "history"))
    assert shown(driver, "export-all") == may["export all"], f"{role}: Export all"
    assert shown(driver, "erase-subject") == may["erase"], f"{role}: Erase"
    csv = driver.find_element(By.ID, "export-csv").find_element(By.XPATH, "..")
    hidden = "not-for-role" in (csv.get_attribute("class") or "")
    assert hidden != may["record"], f"{role}: a session's CSV/JSON export hidden is {hidden}"
    # The server refuses what the page hides, whatever the page does.
    if not may["record"]:
        for method, path in WRITE_ROUTES:
            status = status_of(driver, method, path)
            assert status == 403, f"{role}: a forged {method} {path} answered {status}"
    expected = {"POST api/record/start": may["record"], "GET api/export/all.json": may["export all"],
                "DELETE api/subjects/P017": may["erase"]}
    for request, allowed in expected.items():
        method, path = request.split(" ")
        status = status_of(driver, method, path)
        assert (status != 403) == allowed, f"{role}: {request} answered {status}"
        if method == "POST" and status == 200:
            assert status_of(driver, "POST", "api/record/stop") in (200, 409)
    driver.find_element(By.ID, "tab-live").click()


def main():
    arguments = browser_arguments()

    home = scratch_home("gripfit-roles-")
    run(arguments.binary, home, "subject", "add", "P017")
    tokens = {role: run(arguments.binary, home, "dashboard", "token", "add", f"{role}-1", "--role", role)
              for role in ("viewer", "clinician", "admin")}
    process, base, printed = start(arguments.binary, home)
    fingerprint, spki = served_certificate(int(re.search(r":(\d+)/$", base).group(1)))
    if fingerprint != printed:
        stop_dashboard(process)
        sys.exit(f"FAIL: the certificate served ({fingerprint}) is not the one printed ({printed})")
    driver = browser(arguments.chromium, arguments.driver, f"--ignore-certificate-errors-spki-list={spki}")
    try:
        check(driver, base, "viewer", tokens["viewer"], {"record": False, "export all": False, "erase": False})
        check(driver, base, "clinician", tokens["clinician"], {"record": True, "export all": False, "erase": False})
        check(driver, base, "admin", tokens["admin"], {"record": True, "export all": True, "erase": True})
    except AssertionError as failure:
        print(f"FAIL: {failure}", file=sys.stderr)
        return 1
    finally:
        driver.quit()
        stop_dashboard(process)
    print("roles in the browser over HTTPS: viewer, clinician and admin each see only what they may do")
    return 0


if __name__ == "__main__":
    sys.exit(main())
