"""The plugin's example suite, run by `make pytest-plugin-test` against --gripfit-port simulate and, when it
is built, the native bridge (tests/native_bridge.py)."""

import pytest

from pytest_gripfit import GripFitCommandError


def test_readings_arrive(gripfit):
    readings = gripfit.readings(5, timeout=10)
    assert len(readings) == 5
    assert all(isinstance(reading["raw"], int) for reading in readings)


def test_tare_is_confirmed_by_the_gripfit(gripfit):
    reply = gripfit.tare()
    assert reply["outcome"] == "ok"
    statuses = [event.get("status") for event in gripfit.events() if event["event"] == "status"]
    assert "TARED" in statuses


def test_tare_then_ten_kilograms_on_the_rig(gripfit_simulator):
    # A scripted load: nothing on the handle, then 10 kg from 10 s on (20,000 counts/kg on the simulator).
    session = gripfit_simulator(load=["0kg@0", "10kg@10"])
    session.tare()
    session.expect_reading(-2000, 2000, timeout=5)
    session.expect_reading(196_000, 204_000, timeout=20)


def test_ping_has_a_round_trip(gripfit):
    reply = gripfit.ping()
    assert reply["round_trip_ms"] >= 0


def test_rate_is_confirmed_and_a_bad_one_refused(gripfit):
    assert gripfit.rate(50)["rate_ms"] == 50
    with pytest.raises(GripFitCommandError, match="invalid-argument"):
        gripfit.rate(5)


def test_info_names_the_gripfit_and_the_bridge(gripfit):
    info = gripfit.info()
    assert info["name"] == "GRIPFIT"
    assert info["firmware"] == "1.0"
    assert info["bridge_version"]


def test_a_mark_sits_among_the_readings(gripfit):
    gripfit.readings(2)
    gripfit.mark("squeeze")
    gripfit.readings(2)
    kinds = [event["event"] for event in gripfit.events()]
    mark = next(index for index, event in enumerate(gripfit.events()) if event.get("command") == "mark")
    assert "reading" in kinds[:mark] and "reading" in kinds[mark + 1:]


def test_a_garbled_stream_is_warned_about_and_readings_go_on(gripfit_simulator):
    session = gripfit_simulator(faults=["garbage"])
    session.readings(12, timeout=20)
    warnings = [event for event in session.events() if event["event"] == "warning"]
    assert warnings, "the garbage fault sends a bad line after every fifth reading"


@pytest.mark.gripfit(firmware=">=1.0", bridge=">=0.1")
def test_runs_on_the_versions_it_names(gripfit):
    assert gripfit.info()["firmware"] == "1.0"


@pytest.mark.gripfit(firmware=">=2.0")
def test_is_skipped_on_an_older_firmware(gripfit):
    pytest.fail("firmware 1.0 does not meet >=2.0: this test should have been skipped")


def test_the_conformance_suite_passes_its_ping_case(gripfit_check, pytestconfig):
    cases = gripfit_check("--only", "ping")
    assert [case["name"] for case in cases] == ["ping"]
    assert cases[0]["result"] == "passed", cases[0]["message"]
    assert gripfit_check.report["simulated"] is pytestconfig.getoption("gripfit_port").startswith("simulate")
