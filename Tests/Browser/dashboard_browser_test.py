#!/usr/bin/env python3
"""The dashboard in a real browser: Debian's chromium driven through chromium-driver (WebDriver).

Starts `gripfit-serial dashboard --simulate` on a free loopback port with its own history, then
checks, as a user would: the page loads, the live value changes, the tare button tares, the
reset-peak button works from the keyboard, a recording made on the page appears in the history,
device/stored text is shown as text, and saves screenshots. A second dashboard, with two GripFits
in range, checks the device picker; a third, subjects, a protocol run for one and its report; a
fourth, the page over HTTPS with its self-signed certificate, trusted by its key's fingerprint.
Exits non-zero on the first failure.
"""
import base64
import datetime
import hashlib
import json
import os
import re
import ssl
import subprocess
import sys

from dashboard_process import browser_arguments, environment, scratch_home, start_dashboard, stop_dashboard
from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

HOSTILE_LABEL = '<img src=x id=pwned onerror="document.title=1">visit 2'


def browser(chromium, driver, *extra):
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1024,600", "--hide-scrollbars", "--force-device-scale-factor=1",
                     "--lang=en-US", *extra):  # a locale whose own date format is not ISO
        options.add_argument(argument)
    return webdriver.Chrome(service=Service(executable_path=driver), options=options)


def viewport(driver, width, height):
    """The page's own size, without the window's decorations: a desktop, or a 7-inch 800x480 panel;
    returns once the page has had a frame at that size (its resize handlers have run)."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
    driver.execute_async_script("""
        const [width, done] = arguments;
        const frame = () => window.innerWidth === width ? requestAnimationFrame(() => done(true)) : requestAnimationFrame(frame);
        frame();""", width)


def await_force_updates(driver, count):
    """Returns once the live force has been redrawn `count` more times (a MutationObserver, not a sleep)."""
    driver.execute_async_script("""
        const [count, done] = arguments;
        let seen = 0;
        const observer = new MutationObserver(() => { if (++seen >= count) { observer.disconnect(); done(true); } });
        observer.observe(document.getElementById("force"), {childList: true, characterData: true, subtree: true});""", count)


def await_live_page(driver, wait, url):
    """Opens the page at `url` and returns once its force has changed (readings arrive) with BLE connected."""
    driver.get(url)
    assert driver.title == "GripFit dashboard", driver.title
    force = driver.find_element(By.ID, "force")
    wait.until(lambda _: number(force.text) is not None)
    first = force.text
    wait.until(lambda _: force.text != first)
    wait.until(lambda _: driver.find_element(By.ID, "ble").text == "connected")


def number(text):
    try:
        return float(text)
    except ValueError:
        return None


def run_guided_protocol(driver, wait, first_hand, rest_seconds, during=None):
    """One standard protocol, one trial per hand, started by keyboard (with no subject picked, the
    page asks first, and the run is for no subject on purpose); `during` runs while it is on;
    returns the summary rows."""
    Select(driver.find_element(By.ID, "hand")).select_by_value(first_hand)
    driver.find_element(By.ID, "label").clear()
    Select(driver.find_element(By.ID, "guided-trials")).select_by_value("1")
    rest = driver.find_element(By.ID, "guided-rest")
    rest.clear()
    rest.send_keys(str(rest_seconds))
    start = driver.find_element(By.ID, "guided-start")
    assert start.is_enabled(), "Start protocol is free before the run"
    start.send_keys(Keys.ENTER)
    if Select(driver.find_element(By.ID, "subject")).first_selected_option.get_attribute("value") == "":
        question = driver.find_element(By.ID, "guided-who")
        wait.until(lambda _: question.is_displayed())
        assert "No subject is picked" in question.text, question.text
        assert not driver.find_element(By.ID, "guided").is_displayed(), "a cue came before the page asked for a subject"
        assert focused_id(driver) == "guided-anonymous", focused_id(driver)
        keys(driver, Keys.ENTER)
    cue = driver.find_element(By.ID, "guided-cue")
    wait.until(lambda _: cue.text in ("Let go and hold the handle still…", "Squeeze now"))
    assert driver.switch_to.active_element.get_attribute("id") == "guided-stop", "focus moves to Stop protocol"
    assert driver.find_element(By.ID, "record-state").text == "● Standard protocol running"
    if during:
        during()
    summary = driver.find_element(By.ID, "guided-summary")
    wait.until(lambda _: summary.is_displayed())
    return [row.text for row in driver.find_elements(By.CSS_SELECTOR, "#guided-hands tr")]


def free_for_the_next_run(driver, wait, when):
    """The buttons are free and the state says so, as /api/status does, without a reload."""
    state = driver.find_element(By.ID, "record-state")
    wait.until(lambda _: state.text == "Not recording")
    for button in ("record-start", "guided-start"):
        assert driver.find_element(By.ID, button).is_enabled(), f"{button} is disabled {when}"
    status = driver.execute_script("return fetch('api/status').then((response) => response.json())")
    assert status["recording"]["state"] == "idle" and "guided" not in status["recording"], status


def check_guided_protocol(driver, screenshots):
    """The standard protocol from the Live tab, by keyboard on a 7-inch screen, twice in a row
    with no reload (the next patient): the cues, a rest countdown, the summary table with trials
    numbered per hand, the buttons free again after each run, before and after Close; the attempts
    appear in the history; a page opened afterwards does not show the last patient's results."""
    # The history table is rebuilt as each attempt is saved: a row read during that is asked again.
    wait = WebDriverWait(driver, 40, ignored_exceptions=[StaleElementReferenceException])
    driver.find_element(By.ID, "tab-live").click()
    viewport(driver, 800, 480)
    box = driver.find_element(By.ID, "guided")
    cue = driver.find_element(By.ID, "guided-cue")
    def rest():
        wait.until(lambda _: cue.text.startswith("Rest "))
        countdown = cue.text + " " + driver.find_element(By.ID, "guided-detail").text
        # Before the left trial, or before the right one again when its attempt was flagged (the
        # simulator's squeeze can begin within 0.3 s of the cue), as the protocol offers it again.
        assert re.fullmatch(r"Rest [1-3] s before trial 1/1 \((left|right) hand\)", countdown), countdown
        assert driver.execute_script("return arguments[0].getBoundingClientRect().right", box) <= 800
        driver.save_screenshot(os.path.join(screenshots, "guided-rest-7inch.png"))

    hands = run_guided_protocol(driver, wait, "right", 3, during=rest)
    # Per hand: each hand's one trial is its trial 1, and the column counts the trials.
    assert len(hands) == 2 and hands[0].startswith("Right") and "(trial 1)" in hands[0], hands
    assert hands[1].startswith("Left") and "(trial 1)" in hands[1], hands
    for row in hands:
        assert row.endswith("1 of 1 (trial 1)") or row.endswith("0 of 1"), hands
    difference = driver.find_element(By.ID, "guided-difference").text
    assert re.match(r"Left/right difference: \d+\.\d % \((left|right) stronger", difference), difference
    # A run for no subject says so, in words for a browser: no CLI option offered as the fix.
    wait.until(lambda _: driver.find_element(By.ID, "guided-assessment").is_displayed())
    card = driver.find_element(By.ID, "guided").text
    assert "the run was for no subject" in card, card
    for cli in ("subject edit --", "--birth-year", "gripfit-serial report", "the PDF is"):
        assert cli not in card, f"{cli!r} on the page: {card}"
    driver.execute_script("window.scrollTo(0, 0)")  # the whole screen, header and all (the README's)
    driver.save_screenshot(os.path.join(screenshots, "guided-summary-7inch.png"))
    free_for_the_next_run(driver, wait, "after the protocol finished")
    driver.find_element(By.ID, "tab-history").click()
    labels = lambda: [row.find_element(By.CSS_SELECTOR, "td.hand").text
                      for row in driver.find_elements(By.CSS_SELECTOR, "#sessions tbody tr")]
    wait.until(lambda _: labels().count("right") >= 1 and labels().count("left") >= 2)
    driver.find_element(By.ID, "tab-live").click()
    driver.find_element(By.ID, "guided-close").send_keys(Keys.ENTER)
    assert not box.is_displayed()
    free_for_the_next_run(driver, wait, "after Close")

    # The next patient, at once and without a reload: left first, no rest.
    hands = run_guided_protocol(driver, wait, "left", 0)
    assert len(hands) == 2 and "(trial 1)" in hands[0] + hands[1], hands
    free_for_the_next_run(driver, wait, "after the second protocol")
    driver.find_element(By.ID, "guided-close").send_keys(Keys.ENTER)

    # A page opened now shows no results of the last patient.
    driver.refresh()
    force = driver.find_element(By.ID, "force")
    wait.until(lambda _: number(force.text) is not None)
    assert not driver.find_element(By.ID, "guided").is_displayed(), "the last patient's results came back"
    viewport(driver, 1024, 600)


def keys(driver, *sequence, shift=False):
    """Keys typed wherever the focus is, as a keyboard user types them."""
    actions = ActionChains(driver)
    if shift:
        actions.key_down(Keys.SHIFT)
    actions.send_keys(*sequence)
    if shift:
        actions.key_up(Keys.SHIFT)
    actions.perform()


def focused_id(driver):
    return driver.execute_script("return document.activeElement.id || document.activeElement.getAttribute('aria-label')")


def check_history_pages(driver, binary, home, screenshots):
    """A history longer than a page: the page shows the newest 50, "Older sessions" adds the next
    50 and then the rest, in order with none repeated, and goes away at the end. The history is
    the recording made on the page, copied 120 times at other starts and imported. Returns the
    failed step, or None."""
    source = environment(home)
    exported = subprocess.run([binary, "export", "--all", "--format", "json"], env=source, check=True,
                              stdin=subprocess.DEVNULL, capture_output=True).stdout
    document = json.loads(exported)
    recorded = document["sessions"][0]
    first = datetime.datetime.fromisoformat(recorded["started_at"].replace("Z", "+00:00"))
    sessions = []
    for index in range(120):
        session = dict(recorded, label=f"paged {index}")
        session.pop("id", None)
        session.pop("uid", None)  # each copy is another session: a name of its own (the import derives one)
        start = first - datetime.timedelta(minutes=index + 1)
        session["started_at"] = start.strftime("%Y-%m-%dT%H:%M:%S.") + f"{start.microsecond // 1000:03d}Z"
        sessions.append(session)
    document["sessions"] = sessions
    paged = scratch_home("gripfit-browser-pages-")
    env = environment(paged)
    path = os.path.join(paged, "sessions.json")
    with open(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), "w") as file:  # health data: the user's only
        json.dump(document, file)
    subprocess.run([binary, "import", path], env=env, check=True, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
    process, url = start_dashboard(binary, paged)
    wait = WebDriverWait(driver, 20, ignored_exceptions=[StaleElementReferenceException])
    step = "the first page of a long history"
    try:
        driver.get(url)
        driver.find_element(By.ID, "tab-history").click()
        older = driver.find_element(By.ID, "older-sessions")

        def ids():
            return [int(row.get_attribute("data-id")) for row in driver.find_elements(By.CSS_SELECTOR, "#sessions tbody tr")]
        wait.until(lambda _: len(ids()) == 50 and older.is_displayed())
        for shown in (100, 120):
            step = f"older sessions, up to {shown}"
            older.click()
            wait.until(lambda _, shown=shown: len(ids()) == shown)
        step = "the last page ends the list"
        wait.until(lambda _: not older.is_displayed())
        listed = ids()
        assert len(set(listed)) == 120, f"rows repeated: {listed}"
        # Newest first: the copies were made a minute apart, "paged 0" the newest (and imported first, so id order differs).
        labels = [cell.text for cell in driver.find_elements(By.CSS_SELECTOR, "#sessions tbody td.label")]
        assert labels == [f"paged {index}" for index in range(120)], labels[:5]
        driver.save_screenshot(os.path.join(screenshots, "history-pages.png"))
        return None
    except Exception as error:
        driver.save_screenshot(os.path.join(screenshots, "failure-pages.png"))
        return f"{step}: {error!r}"
    finally:
        stop_dashboard(process)


def check_loaded_handle(driver, binary, screenshots):
    """A calibrated GripFit with 20 kg on the handle: the protocol never cues a squeeze, and the
    page says what it waits on and what to do; then with nothing on it (check_empty_handle).
    Returns the failed step, or None."""
    home = scratch_home("gripfit-browser-loaded-")
    env = environment(home)
    subprocess.run([binary, "calibrate", "--simulate", "--mass", "10kg"], env=env, check=True,
                   stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
    process, url = start_dashboard(binary, home, "--load", "20kg")
    wait = WebDriverWait(driver, 20, ignored_exceptions=[StaleElementReferenceException])
    step = "the protocol starts on a loaded handle"
    try:
        viewport(driver, 800, 480)
        driver.get(url)
        driver.find_element(By.ID, "tab-live").click()
        wait.until(lambda _: driver.find_element(By.ID, "ble").text == "connected")
        Select(driver.find_element(By.ID, "guided-trials")).select_by_value("1")
        driver.find_element(By.ID, "guided-start").click()
        driver.find_element(By.ID, "guided-anonymous").click()
        step = "the page says why it waits"
        detail = driver.find_element(By.ID, "guided-detail")
        wait.until(lambda _: detail.text.startswith("Waiting: the handle reads"))
        assert driver.find_element(By.ID, "guided-cue").text != "Squeeze now", "cued on a loaded handle"
        driver.save_screenshot(os.path.join(screenshots, "guided-loaded-7inch.png"))
        driver.find_element(By.ID, "guided-stop").click()
    except Exception as error:
        driver.save_screenshot(os.path.join(screenshots, "failure-loaded.png"))
        return f"{step}: {error!r}"
    finally:
        stop_dashboard(process)
    return check_empty_handle(driver, binary, home, screenshots)


def check_empty_handle(driver, binary, home, screenshots):
    """A calibrated GripFit with nothing on the handle: its readings scatter around zero by the
    sensor's noise, and the live force and peak never show a minus sign (the force showed "-0.01").
    Every text they take over about 75 readings is kept by a MutationObserver. Returns the failed step, or None."""
    process, url = start_dashboard(binary, home, "--load", "0kg")
    wait = WebDriverWait(driver, 30)
    step = "the readout of an empty handle"
    try:
        viewport(driver, 800, 480)
        driver.get(url)
        wait.until(lambda _: driver.find_element(By.ID, "unit").text == "kg")
        driver.execute_script("""
            window.shownForces = [];
            for (const id of ['force', 'peak']) {
              new MutationObserver(() => window.shownForces.push(document.getElementById(id).textContent))
                .observe(document.getElementById(id), { childList: true, characterData: true, subtree: true });
            }""")
        wait.until(lambda _: driver.execute_script("return window.shownForces.length") >= 150)
        shown = driver.execute_script("return window.shownForces")
        negative = [text for text in shown if text.startswith("-")]
        assert not negative, f"an empty handle read {negative[:5]} ({len(negative)} of {len(shown)})"
        assert all(re.fullmatch(r"\d+\.\d\d", text) for text in shown), shown[:10]
        driver.save_screenshot(os.path.join(screenshots, "empty-handle-7inch.png"))
        return None
    except Exception as error:
        driver.save_screenshot(os.path.join(screenshots, "failure-empty.png"))
        return f"{step}: {error!r}"
    finally:
        stop_dashboard(process)


def check_device_picker(driver, binary, screenshots):
    """Two GripFits in range, the second advertising a hostile name: the picker opens from the
    keyboard, lists both with the name as text, and choosing the second pins it (pins.json), the
    bridge connects to it, the header shows its address and readings go on. Returns the failed
    step, or None."""
    home = scratch_home("gripfit-browser-picker-")
    process, url = start_dashboard(binary, home, "--gripfits", "2", "--fault", "hostile-name")
    wait = WebDriverWait(driver, 10)
    step = "the picker is offered with two GripFits in range"
    try:
        viewport(driver, 1280, 800)
        driver.get(url)
        choose = driver.find_element(By.ID, "choose-device")
        device = driver.find_element(By.ID, "device")
        wait.until(lambda _: choose.is_displayed())
        wait.until(lambda _: "C0:FF:EE:00:00:01" in device.text)

        step = "the picker opens from the keyboard"
        keys(driver, Keys.TAB)
        assert focused_id(driver) == "choose-device", focused_id(driver)
        keys(driver, Keys.ENTER)
        wait.until(lambda _: driver.find_element(By.ID, "devices").is_displayed())
        assert choose.get_attribute("aria-expanded") == "true"
        rows = lambda: driver.find_elements(By.CSS_SELECTOR, "#device-list li")
        wait.until(lambda _: len(rows()) == 2)

        step = "a hostile advertised name is shown as text"
        second = rows()[1]
        assert second.get_attribute("data-address") == "C0:FF:EE:00:00:02", second.get_attribute("outerHTML")
        name = second.find_element(By.CLASS_NAME, "device-name").text
        assert name == '<img src=x id=pwned onerror="document.title=\'pwned\'">\\x1B[31m_GRIPFIT & co', name
        assert not driver.find_elements(By.ID, "pwned"), "an advertised name was parsed as HTML"
        assert driver.title == "GripFit dashboard", "an advertised name ran script"
        assert rows()[0].find_element(By.CLASS_NAME, "device-detail").text.endswith("· connected"), rows()[0].text

        step = "choose the second GripFit from the keyboard"
        assert focused_id(driver) == "scan", focused_id(driver)
        keys(driver, Keys.TAB, shift=True)
        assert focused_id(driver) == "Use the GripFit C0:FF:EE:00:00:02", focused_id(driver)
        keys(driver, Keys.ENTER)
        button = second.find_element(By.TAG_NAME, "button")
        wait.until(lambda _: button.text == "Chosen")
        wait.until(lambda _: "C0:FF:EE:00:00:02" in device.text)
        wait.until(lambda _: second.find_element(By.CLASS_NAME, "device-detail").text.endswith("· connected"))
        assert focused_id(driver) == "Use the GripFit C0:FF:EE:00:00:02", "the focus stays on the chosen row"
        force = driver.find_element(By.ID, "force")
        first = force.text
        wait.until(lambda _: force.text != first)
        with open(os.path.join(home, "config", "gripfit", "pins.json")) as pins:
            assert "C0:FF:EE:00:00:02" in pins.read(), "the choice is remembered for the dongle"

        step = "the open picker fits a desktop and a 7-inch screen"
        driver.save_screenshot(os.path.join(screenshots, "picker.png"))
        viewport(driver, 800, 480)
        width = driver.execute_script("return document.documentElement.scrollWidth")
        assert width <= 800, f"on 800x480 the page is {width}px wide"
        driver.save_screenshot(os.path.join(screenshots, "picker-7inch.png"))

        step = "Escape closes the picker"
        keys(driver, Keys.ESCAPE)
        wait.until(lambda _: not driver.find_element(By.ID, "devices").is_displayed())
        assert focused_id(driver) == "choose-device", focused_id(driver)
        return None
    except Exception as error:
        driver.save_screenshot(os.path.join(screenshots, "picker-failure.png"))
        return f"{step}: {error!r}"
    finally:
        stop_dashboard(process)


def check_subjects(driver, binary, screenshots):
    """A subject created on a 7-inch screen (a refused fact shows the server's message, a hostile
    code stays text), picked, the standard protocol run for them on the simulator, its figures
    and Report link shown, the report opened; the history follows the subject, and
    `dashboard --subject` preselects one. Returns the failed step, or None."""
    home = scratch_home("gripfit-browser-subjects-")
    process, url = start_dashboard(binary, home)
    wait = WebDriverWait(driver, 40, ignored_exceptions=[StaleElementReferenceException])
    step = "the new-subject form opens"
    try:
        viewport(driver, 800, 480)
        driver.get(url)
        force = driver.find_element(By.ID, "force")
        wait.until(lambda _: number(force.text) is not None)
        new = driver.find_element(By.ID, "subject-new")
        new.send_keys(Keys.ENTER)
        wait.until(lambda _: driver.find_element(By.ID, "subject-form").is_displayed())
        assert focused_id(driver) == "new-code", focused_id(driver)

        step = "a refused fact shows the server's message"
        error = driver.find_element(By.ID, "new-error")
        driver.find_element(By.ID, "new-code").send_keys("P017")
        driver.find_element(By.ID, "new-birth").send_keys("2031")
        driver.find_element(By.ID, "new-add").click()
        wait.until(lambda _: "after today" in error.text)
        driver.save_screenshot(os.path.join(screenshots, "subject-refused-7inch.png"))

        step = "a hostile code is refused and shown as text"
        code = driver.find_element(By.ID, "new-code")
        code.clear()
        code.send_keys('<b id="bold">x</b>')
        driver.find_element(By.ID, "new-birth").clear()
        driver.find_element(By.ID, "new-add").click()
        wait.until(lambda _: "is not usable" in error.text)
        assert '<b id="bold">x</b>' in error.text, error.text
        assert not driver.find_elements(By.ID, "bold"), "a subject code was parsed as HTML"

        step = "a subject is added and picked"
        code.clear()
        code.send_keys("P017")
        Select(driver.find_element(By.ID, "new-sex")).select_by_value("female")
        driver.find_element(By.ID, "new-birth").send_keys("1979-03-14")
        Select(driver.find_element(By.ID, "new-dominant")).select_by_value("right")
        driver.find_element(By.ID, "new-add").click()
        wait.until(lambda _: not driver.find_element(By.ID, "subject-form").is_displayed())
        # The picker's options are rebuilt once the subject is added: read them once it has picked P017.
        wait.until(lambda _: Select(driver.find_element(By.ID, "subject")).first_selected_option.get_attribute("value") == "P017")
        picker = Select(driver.find_element(By.ID, "subject"))
        assert picker.first_selected_option.text == "P017 (female, born 1979-03-14, right-handed)", picker.first_selected_option.text

        step = "a code taken in another case is refused naming the stored code"
        driver.find_element(By.ID, "subject-new").send_keys(Keys.ENTER)
        wait.until(lambda _: driver.find_element(By.ID, "subject-form").is_displayed())
        code.send_keys("p017")
        driver.find_element(By.ID, "new-add").click()
        wait.until(lambda _: "exists already" in error.text)
        assert error.text == "Subject P017 exists already: pick it in the Subject list, or give another code.", error.text
        driver.find_element(By.ID, "new-cancel").click()

        step = "the protocol for the subject shows its figures and a Report link"
        hands = run_guided_protocol(driver, wait, "right", 0)
        assert len(hands) == 2, hands
        assert not driver.find_element(By.ID, "guided-who").is_displayed(), "asked for a subject with one picked"
        figures = driver.find_element(By.ID, "guided-assessment")
        wait.until(lambda _: figures.is_displayed())
        # The CLI's dominant/non-dominant ratio, when both hands counted (a flagged one may not have).
        if all(row.endswith("1 of 1 (trial 1)") for row in hands):
            ratio = driver.find_element(By.ID, "guided-ratio").text
            assert re.fullmatch(r"Dominant/non-dominant ratio: \d+\.\d\d \(dominant hand: right\)", ratio), ratio
        link = driver.find_element(By.ID, "guided-report")
        assert link.text == "Report A1 (P017)", link.text
        # By the assessment's name (a- and base32), which a push to a history server does not change.
        assert re.search(r"/api/assessments/a-[0-9a-z]{10}/report\.html$", link.get_attribute("href")), link.get_attribute("href")
        lines = [item.text for item in driver.find_elements(By.CSS_SELECTOR, "#guided-lines li")]
        assert lines and any("norm" in line or "EWGSOP2" in line for line in lines), lines
        driver.execute_script("arguments[0].scrollIntoView({block: 'end'})", figures)
        driver.save_screenshot(os.path.join(screenshots, "subject-figures-7inch.png"))
        report = link.get_attribute("href")
        free_for_the_next_run(driver, wait, "after the subject's protocol")

        step = "a recording for no subject"
        picker.select_by_value("")
        driver.find_element(By.ID, "record-start").click()
        state = driver.find_element(By.ID, "record-state")
        wait.until(lambda _: re.search(r"[1-9]\d* readings", state.text))
        driver.find_element(By.ID, "record-stop").click()
        wait.until(lambda _: state.text.startswith("Saved session"))
        picker.select_by_value("P017")

        step = "the history follows the subject: their assessments and sessions"
        driver.find_element(By.ID, "tab-history").click()
        wait.until(lambda _: driver.find_element(By.ID, "sessions-title").text == "Sessions for P017")
        wait.until(lambda _: driver.find_element(By.ID, "assessments-title").text == "Assessments for P017")
        rows = lambda: driver.find_elements(By.CSS_SELECTOR, "#sessions tbody tr")
        wait.until(lambda _: len(rows()) >= 2)
        attempts = len(rows())
        for row in rows():
            assert row.find_element(By.CSS_SELECTOR, "td.subject").text == "P017", row.text
            protocol = row.find_element(By.CSS_SELECTOR, "td.protocol").text
            assert re.fullmatch(r"standard, trial 1(, attempt \d)? \(A1\)(, not counted: .+)?", protocol), protocol
        trend = "return fetch('api/trend?limit=500' + subjectQuery()).then((response) => response.json()).then((a) => a.length)"
        assert driver.execute_script(trend) == attempts, "the trend is not the subject's alone"
        assessments = lambda: driver.find_elements(By.CSS_SELECTOR, "#assessments tbody tr")
        wait.until(lambda _: len(assessments()) == 1)
        row = assessments()[0]
        assert row.find_element(By.CSS_SELECTOR, "td.name").text == "A1", row.text
        assert row.find_element(By.CSS_SELECTOR, "td.subject").text == "P017", row.text
        assert re.fullmatch(r"\d+ raw|–", row.find_element(By.CSS_SELECTOR, "td.right").text), row.text
        # The simulator is not calibrated: no centile, and the page says why in its own words.
        centile = row.find_element(By.CSS_SELECTOR, "td.centile").text
        assert centile == "no norm: not calibrated", centile
        link = row.find_element(By.CSS_SELECTOR, "td.report a")
        assert link.text == "Report" and link.get_attribute("href") == report, link.get_attribute("href")
        driver.save_screenshot(os.path.join(screenshots, "subject-history-7inch.png"))
        viewport(driver, 1280, 800)
        driver.save_screenshot(os.path.join(screenshots, "subject-history.png"))
        viewport(driver, 800, 480)
        driver.find_element(By.ID, "tab-live").click()
        picker.select_by_value("")
        driver.find_element(By.ID, "tab-history").click()
        wait.until(lambda _: driver.find_element(By.ID, "sessions-title").text == "Sessions")
        wait.until(lambda _: len(rows()) == attempts + 1)
        assert driver.execute_script(trend) == attempts + 1, "the trend is not everyone's with no subject picked"
        wait.until(lambda _: driver.find_element(By.ID, "assessments-title").text == "Assessments")

        step = "the report opens"
        driver.get(report)
        wait.until(lambda _: "P017" in driver.find_element(By.TAG_NAME, "body").text)
        body = driver.find_element(By.TAG_NAME, "body").text
        # The simulator is not calibrated: the report says so rather than print counts as kg.
        assert body.startswith("Grip strength assessment") and "Comparison with norms" in body, body[:400]
        assert "not calibrated" in body, body[:600]
        viewport(driver, 1024, 600)
        driver.save_screenshot(os.path.join(screenshots, "subject-report.png"))
        stop_dashboard(process)

        step = "dashboard --subject preselects the subject, as the history spells the code"
        process, url = start_dashboard(binary, home, "--subject", "p017")
        driver.get(url)
        wait.until(lambda _: Select(driver.find_element(By.ID, "subject")).first_selected_option.get_attribute("value") == "P017")
        return None
    except Exception as error:
        driver.save_screenshot(os.path.join(screenshots, "subject-failure.png"))
        return f"{step}: {error!r}"
    finally:
        stop_dashboard(process)


def served_certificate(port):
    """The certificate the dashboard serves on `port`: its SHA-256 fingerprint as the CLI prints it, and the
    base64 SHA-256 of its public key (SPKI), which Chromium's --ignore-certificate-errors-spki-list takes."""
    pem = ssl.get_server_certificate(("127.0.0.1", port))
    digest = hashlib.sha256(ssl.PEM_cert_to_DER_cert(pem)).hexdigest().upper()
    fingerprint = ":".join(digest[i:i + 2] for i in range(0, len(digest), 2))
    spki = subprocess.run("openssl x509 -pubkey -noout | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary",
                          shell=True, input=pem.encode(), capture_output=True, check=True).stdout
    return fingerprint, base64.b64encode(spki).decode()


def check_https(chromium, chromedriver, binary, screenshots):
    """`dashboard --tls self-signed` on the LAN's terms (a token): the certificate the server sends is the
    one whose fingerprint the CLI printed; Chromium, trusting that certificate's key alone, loads the page
    over HTTPS and shows live readings, the tare (a POST from the https origin) is accepted, the token's
    cookie is Secure, and plain HTTP on the same port shows the https URL. Returns the failed step, or None."""
    home = scratch_home("gripfit-browser-https-")
    process, url = start_dashboard(binary, home, "--generate-token", "--tls", "self-signed")
    step = "the CLI prints the certificate's fingerprint"
    driver = None
    try:
        assert url.startswith("https://127.0.0.1:"), url
        printed = None
        while printed is None:
            line = process.stdout.readline().decode()
            assert line, "the dashboard ended its output before the fingerprint"
            if line.startswith("Certificate SHA-256 fingerprint: "):
                printed = line.split(": ", 1)[1].strip()
        port = int(re.match(r"https://127\.0\.0\.1:(\d+)/", url).group(1))

        step = "the certificate served is the one printed"
        fingerprint, spki = served_certificate(port)
        assert fingerprint == printed, f"served {fingerprint}, printed {printed}"

        step = "the page loads over HTTPS and shows live readings"
        driver = browser(chromium, chromedriver, f"--ignore-certificate-errors-spki-list={spki}")
        wait = WebDriverWait(driver, 10, ignored_exceptions=[StaleElementReferenceException])
        await_live_page(driver, wait, url)
        driver.save_screenshot(os.path.join(screenshots, "live-https.png"))

        step = "the tare button tares (a POST from the https origin)"
        driver.find_element(By.ID, "tare").click()
        wait.until(lambda _: driver.find_element(By.ID, "notice").text == "Tared")

        step = "the token's cookie is Secure"
        cookie = next(c for c in driver.get_cookies() if c["name"] == "gripfit_token")
        assert cookie["secure"] and cookie["httpOnly"], cookie

        step = "plain HTTP on the same port names the https URL"
        driver.get(f"http://127.0.0.1:{port}/")
        body = driver.find_element(By.TAG_NAME, "body").text
        assert f"https://127.0.0.1:{port}/" in body, body
        return None
    except Exception as error:  # the step that failed, with what the page showed
        if driver is not None:
            driver.save_screenshot(os.path.join(screenshots, "failure-https.png"))
        return f"{step}: {error!r}"
    finally:
        if driver is not None:
            driver.quit()
        stop_dashboard(process)


def main():
    arguments = browser_arguments()

    home = scratch_home("gripfit-browser-")
    process, url = start_dashboard(arguments.binary, home)
    driver = browser(arguments.chromium, arguments.driver)
    # Tables are rebuilt as events and saves arrive: an element read during that is asked again.
    wait = WebDriverWait(driver, 10, ignored_exceptions=[StaleElementReferenceException])
    step = "start"
    try:
        step = "the page loads and shows a live value"
        await_live_page(driver, wait, url)
        wait.until(lambda _: driver.find_element(By.ID, "usb").text == "connected")

        step = "an empty handle's reading shows no minus sign"
        shown = driver.execute_script(
            "return [format(-0.001, 'kg'), format(-0.04, 'N'), format(-0.4, 'raw'), format(-1.5, 'kg'), format(0, 'lb')]")
        assert shown == ["0.00", "0.0", "0", "-1.50", "0.00"], shown

        step = "the tare button tares"
        driver.find_element(By.ID, "tare").click()
        wait.until(lambda _: driver.find_element(By.ID, "notice").text == "Tared")

        step = "reset peak from the keyboard"
        reset = driver.find_element(By.ID, "reset-peak")
        reset.send_keys(Keys.ENTER)
        wait.until(lambda _: driver.find_element(By.ID, "notice").text == "Peak reset")

        step = "the live view fits a desktop and a 7-inch screen"
        await_force_updates(driver, 20)  # the chart filled a little for the screenshots
        chart = driver.find_element(By.ID, "chart")
        # Start protocol on the first screen of a 7-inch panel, a small laptop and a desktop alike.
        for width, height, name in ((800, 480, "live-7inch.png"), (1024, 600, "live.png"), (1280, 800, "live-1280.png"),
                                    (1920, 1080, "live-1920.png")):
            viewport(driver, width, height)
            for panel in (chart, driver.find_element(By.ID, "record-form"), driver.find_element(By.ID, "guided-start")):
                bottom = driver.execute_script("return arguments[0].getBoundingClientRect().bottom", panel)
                assert bottom <= height, f"on {width}x{height} #{panel.get_attribute('id')} ends at {bottom}px, below the fold"
            wide = driver.execute_script("return document.documentElement.scrollWidth")
            assert wide <= width, f"on {width}x{height} the page is {wide}px wide"
            driver.save_screenshot(os.path.join(arguments.screenshots, name))
        viewport(driver, 1024, 600)

        step = "record a session from the page"
        Select(driver.find_element(By.ID, "hand")).select_by_value("left")
        driver.find_element(By.ID, "label").send_keys(HOSTILE_LABEL)
        driver.find_element(By.ID, "record-start").click()
        state = driver.find_element(By.ID, "record-state")
        wait.until(lambda _: "Recording" in state.text)
        wait.until(lambda _: int(re.search(r"(\d+) readings", state.text).group(1)) >= 50
                   if re.search(r"(\d+) readings", state.text) else False)
        driver.find_element(By.ID, "record-stop").click()
        wait.until(lambda _: state.text.startswith("Saved session"))

        step = "the session is in the history, its label shown as text"
        driver.find_element(By.ID, "tab-history").click()
        wait.until(lambda _: len(driver.find_elements(By.CSS_SELECTOR, "#sessions tbody tr")) == 1)
        row = driver.find_element(By.CSS_SELECTOR, "#sessions tbody tr")
        assert row.find_element(By.CSS_SELECTOR, "td.label").text == HOSTILE_LABEL, row.text
        started = row.find_element(By.CSS_SELECTOR, "td:nth-child(2)").text
        assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d [+-]\d\d:\d\d", started), \
            f"the date {started!r} is not written as the plot title writes it"
        assert not driver.find_elements(By.ID, "pwned"), "a label was parsed as HTML"
        assert driver.title == "GripFit dashboard", "a label ran script"
        row.find_element(By.TAG_NAME, "button").click()
        wait.until(lambda _: driver.find_element(By.ID, "session").is_displayed())
        plot = driver.find_element(By.ID, "session-plot")
        wait.until(lambda _: driver.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", plot))
        assert driver.find_element(By.ID, "export-csv").get_attribute("href").endswith("/export.csv")
        svg = driver.execute_script("return fetch(arguments[0]).then((response) => response.text())", plot.get_attribute("src"))
        assert started in svg, f"the history says {started!r}; the plot's title does not"
        driver.save_screenshot(os.path.join(arguments.screenshots, "history.png"))

        step = "a history longer than a page"
        failure = check_history_pages(driver, arguments.binary, home, arguments.screenshots)
        assert failure is None, failure
        driver.get(url)

        step = "the standard protocol from the page"
        check_guided_protocol(driver, arguments.screenshots)

        step = "a loaded handle"
        failure = check_loaded_handle(driver, arguments.binary, arguments.screenshots)
        assert failure is None, failure

        step = "the device picker"
        failure = check_device_picker(driver, arguments.binary, arguments.screenshots)
        assert failure is None, failure

        step = "subjects, the protocol for one and its report"
        failure = check_subjects(driver, arguments.binary, arguments.screenshots)
        assert failure is None, failure

        step = "the dashboard over HTTPS with its self-signed certificate"
        failure = check_https(arguments.chromium, arguments.driver, arguments.binary, arguments.screenshots)
        assert failure is None, failure
        print(f"browser test: passed; screenshots in {arguments.screenshots}")
    except Exception as error:  # report which step failed, with the page's state
        driver.save_screenshot(os.path.join(arguments.screenshots, "failure.png"))
        print(f"browser test: FAILED at '{step}': {error!r}", file=sys.stderr)
        print(driver.find_element(By.TAG_NAME, "body").text, file=sys.stderr)
        return 1
    finally:
        driver.quit()
        stop_dashboard(process)
    return 0


if __name__ == "__main__":
    sys.exit(main())
