"""What pytest reports with the plugin, checked from outside: a small suite run by pytester against the
same --gripfit-port and binary, its JUnit XML and its outcomes read back."""

import os
import xml.etree.ElementTree as ElementTree

import pytest

SUITE = '''
import pytest

def test_passes(gripfit):
    gripfit.readings(2)

@pytest.mark.gripfit(firmware=">=9")
def test_skipped(gripfit):
    pass

@pytest.mark.gripfit(bridge=">=99", strict=True)
def test_strict(gripfit):
    pass

def test_fails(gripfit):
    gripfit.mark("before the failure")
    assert False, "on purpose"
'''


def run(pytester, request, *extra):
    pytester.makepyfile(test_inner=SUITE)
    options = [f"--gripfit-port={request.config.getoption('gripfit_port')}"]
    binary = request.config.getoption("gripfit_binary")
    if binary:
        options.append(f"--gripfit-binary={os.path.abspath(binary)}")
    return pytester.runpytest_subprocess(*options, *extra)


def test_junit_properties_the_version_marker_and_the_jsonl_of_a_failure(pytester, request):
    result = run(pytester, request, "--junitxml=report.xml", "-rsx")
    result.assert_outcomes(passed=1, skipped=1, xfailed=1, failed=1)
    result.stdout.fnmatch_lines(["*needs firmware >=9; this one is 1.0*"])
    result.stdout.fnmatch_lines(["*gripfit session JSONL*", '*"event":"session"*', '*"label":"before the failure"*'])

    cases = {case.get("name"): case for case in ElementTree.parse(pytester.path / "report.xml").iter("testcase")}
    properties = {prop.get("name"): prop.get("value") for prop in cases["test_passes"].iter("property")}
    assert properties["gripfit_firmware"] == "1.0"
    assert properties["gripfit_bridge_version"]
    if request.config.getoption("gripfit_port").startswith("simulate"):
        assert properties["gripfit_bridge_serial"] == "simulated"
    else:
        assert "gripfit_bridge_serial" in properties
    assert properties["gripfit_tool_version"]
    assert cases["test_skipped"].find("skipped") is not None


def test_a_missing_binary_skips_with_the_reason(pytester):
    pytester.makepyfile(test_inner="def test_it(gripfit):\n    pass\n")
    result = pytester.runpytest_subprocess("--gripfit-port=simulate", "--gripfit-binary=/nonexistent/gripfit-serial",
                                           "-rs")
    result.assert_outcomes(skipped=1)
    result.stdout.fnmatch_lines(["*/nonexistent/gripfit-serial not found: build gripfit-serial and give --gripfit-binary*"])


def test_version_requirements():
    from pytest_gripfit import version_matches

    assert version_matches("1.0", ">=1.0")
    assert version_matches("1.2.3", ">=1.0,<2")
    assert not version_matches("2.0", ">=1.0,<2")
    assert version_matches("1", "==1.0.0")
    assert not version_matches(None, ">=1.0")
    with pytest.raises(ValueError):
        version_matches("1.0", "about 1")


def test_port_forms():
    from pytest_gripfit import GripFitPort

    assert GripFitPort.parse("simulate").arguments() == ["--simulate"]
    assert GripFitPort.parse("simulate:garbage,data-loss").arguments() == [
        "--simulate", "--fault", "garbage", "--fault", "data-loss"]
    assert GripFitPort.parse("socket://rig:4001").arguments() == ["--port", "tcp://rig:4001"]
    assert GripFitPort.parse("rfc2217://rig:4002").arguments() == ["--port", "rfc2217://rig:4002"]
    assert GripFitPort.parse("F1E2D3").arguments() == ["--port", "F1E2D3"]
