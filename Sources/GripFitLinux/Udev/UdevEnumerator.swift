import CUdev
import Glibc

/// Lists the USB serial ports udev knows, bridges first.
public struct UdevEnumerator {
    private let context: UdevContext

    public init(context: UdevContext) {
        self.context = context
    }

    /// Every tty with a USB parent. No `is_initialized` filter: a port udev has not finished
    /// processing yet (and every umockdev device) would be missed.
    /// The corresponding C function is `udev_enumerate_scan_devices`.
    public func usbSerialPorts() throws(UdevError) -> [UsbSerialPort] {
        guard let enumerate = udev_enumerate_new(context.handle) else { throw .call("udev_enumerate_new", errno: errno) }
        defer { udev_enumerate_unref(enumerate) }
        var result = udev_enumerate_add_match_subsystem(enumerate, "tty")
        if result < 0 { throw .call("udev_enumerate_add_match_subsystem", errno: -result) }
        result = udev_enumerate_scan_devices(enumerate)
        if result < 0 { throw .call("udev_enumerate_scan_devices", errno: -result) }
        var ports: [UsbSerialPort] = []
        var entry = udev_enumerate_get_list_entry(enumerate)
        while let current = entry {
            entry = udev_list_entry_get_next(current)
            guard let syspath = udev_list_entry_get_name(current),
                let device = udev_device_new_from_syspath(context.handle, syspath)
            else { continue }
            defer { udev_device_unref(device) }
            if let port = UsbSerialPort(udevDevice: device) { ports.append(port) }
        }
        return ports.sorted { ($0.isBridge ? 0 : 1, $0.devnode) < ($1.isBridge ? 0 : 1, $1.devnode) }
    }

    /// The bridges only.
    public func bridges() throws(UdevError) -> [UsbSerialPort] {
        try usbSerialPorts().filter(\.isBridge)
    }
}
