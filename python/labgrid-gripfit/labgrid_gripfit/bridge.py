"""GripFitBridge: a bridge's tty found by udev by its USB serial number, so /dev/ttyACMn's number
and the USB port it is plugged into do not matter."""

import attr
from labgrid.factory import target_factory
from labgrid.resource.udev import USBSerialPort


@target_factory.reg_resource
@attr.s(eq=False)
class GripFitBridge(USBSerialPort):
    """A GripFit bridge on this host: `serial` is its USB serial number (`gripfit-serial list` shows
    it), matched against udev's ID_SERIAL_SHORT; further udev properties go in `match` as for a
    USBSerialPort. A GripFitDriver bound to it hands gripfit-serial the serial number, which
    follows the bridge across a re-enumeration."""

    serial = attr.ib(default=None, validator=attr.validators.optional(attr.validators.instance_of(str)))

    def __attrs_post_init__(self):
        if self.serial:
            self.match["ID_SERIAL_SHORT"] = self.serial
        elif "ID_SERIAL_SHORT" not in self.match:
            raise ValueError("GripFitBridge needs the bridge's USB serial number: serial: F1E2D3C4B5A69788 "
                             "(gripfit-serial list shows it)")
        super().__attrs_post_init__()
