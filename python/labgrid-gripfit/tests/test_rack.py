"""GripFitDriver in a labgrid environment (tests/rack.yaml, run by tests/rack.py): simulated GripFits
with 10 kg on the handle, behind Debian's ser2net. The simulated load cell reads 834,000 counts empty
and 20,000 counts per kg (SimulatorScale), so 10 kg untared is 1,034,000."""

import pytest

from pytest_gripfit import GripFitCommandError


@pytest.fixture
def gripfit(target):
    """The main target's GripFitDriver; deactivated after the test (ending its session), so the
    next test has the port to itself."""
    driver = target.get_driver("GripFitDriver")
    yield driver
    target.deactivate(driver)


@pytest.fixture
def scale(env):
    """The scale target's GripFitDriver, over raw TCP: tared by one test only, so its readings
    show the 10 kg until then."""
    target = env.get_target("scale")
    driver = target.get_driver("GripFitDriver")
    yield driver
    target.deactivate(driver)


def test_check_passes_over_rfc2217(gripfit):
    cases = gripfit.check("--only", "handshake", "tare", "ping", "--duration", "1")
    assert [case["name"] for case in cases] == ["handshake", "tare", "ping"]
    assert all(case["result"] == "passed" for case in cases), cases
    assert gripfit.report["simulated"] is False
    assert gripfit.report["device_firmware"] == "1.0"


def test_ten_kilograms_then_tare(scale):
    assert scale.port_argument().startswith("tcp://127.0.0.1:")
    scale.expect_reading(1_033_000, 1_035_000, timeout=10)
    assert scale.tare()["outcome"] == "ok"
    scale.expect_reading(-2000, 2000, timeout=10)


def test_the_session_commands(gripfit):
    assert gripfit.ping()["round_trip_ms"] >= 0
    assert gripfit.rate(50)["rate_ms"] == 50
    with pytest.raises(GripFitCommandError, match="invalid-argument"):
        gripfit.rate(5)
    assert gripfit.info()["name"] == "GRIPFIT"
    assert len(gripfit.readings(5, timeout=10)) == 5
    kinds = {event["event"] for event in gripfit.events()}
    assert {"session", "reading", "reply"} <= kinds


def test_check_ends_the_session_and_the_next_call_starts_one(gripfit):
    gripfit.readings(2)
    assert [case["result"] for case in gripfit.check("--only", "ping")] == ["passed"]
    assert gripfit.events() == [], "check ended the session"
    assert len(gripfit.readings(2)) == 2


def test_export_names_the_port_for_gripfit_serial(target):
    port = target.get_resource("NetworkSerialPort")
    assert target.export()["LG__GRIPFITDRIVER_PORT"] == f"rfc2217://127.0.0.1:{port.port}"
