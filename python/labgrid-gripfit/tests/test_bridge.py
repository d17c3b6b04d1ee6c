"""GripFitBridge matched by udev, run under umockdev (`make labgrid-driver-test`) with
Tests/UmockdevTestSupport/Fixtures/raytac-bridge.umockdev: a GripFit bridge, USB serial number
F1E2D3C4B5A69788, as /dev/ttyACM0."""

import os

import pytest
from labgrid import Target

from labgrid_gripfit import GripFitBridge, GripFitDriver

pytestmark = pytest.mark.skipif("UMOCKDEV_DIR" not in os.environ,
                                reason="needs umockdev-run with raytac-bridge.umockdev (make labgrid-driver-test)")


def test_the_bridge_is_found_by_its_serial_number():
    target = Target("rig")
    bridge = GripFitBridge(target, None, serial="F1E2D3C4B5A69788")
    assert bridge.avail
    assert bridge.port == "/dev/ttyACM0"
    # The driver names the bridge by its serial number, which gripfit-serial follows across a replug.
    driver = GripFitDriver(target, None)
    assert driver.port is bridge
    assert driver.port_argument() == "F1E2D3C4B5A69788"


def test_another_serial_number_is_not_this_bridge():
    bridge = GripFitBridge(Target("rig"), None, serial="0000000000000000")
    assert not bridge.avail
    assert bridge.port is None


def test_a_bridge_needs_its_serial_number():
    with pytest.raises(ValueError, match="USB serial number: serial: "):
        GripFitBridge(Target("rig"), None)
