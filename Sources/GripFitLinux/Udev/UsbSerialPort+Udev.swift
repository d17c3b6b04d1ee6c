import CUdev
import Glibc

extension UsbSerialPort {
    /// Reads a tty udev device; nil when it has no USB identity (ttyS*, ptys).
    ///
    /// Parent sysfs attributes are preferred because they are exact; the tty's own `ID_*`
    /// properties are the fallback, and the only source in a remove event, when sysfs is gone.
    init?(udevDevice device: OpaquePointer) {
        guard let devnode = Self.string(udev_device_get_devnode(device)) else { return nil }
        var properties: [String: String] = [:]
        var entry = udev_device_get_properties_list_entry(device)
        while let current = entry {
            if let name = Self.string(udev_list_entry_get_name(current)) {
                properties[name] = Self.string(udev_list_entry_get_value(current)) ?? ""
            }
            entry = udev_list_entry_get_next(current)
        }
        let usb = udev_device_get_parent_with_subsystem_devtype(device, "usb", "usb_device")
        func attribute(_ name: String) -> String? {
            usb.flatMap { Self.string(udev_device_get_sysattr_value($0, name)) }
        }
        let vendor = attribute("idVendor") ?? properties["ID_VENDOR_ID"]
        let productID = attribute("idProduct") ?? properties["ID_MODEL_ID"]
        guard usb != nil || vendor != nil else { return nil }
        let id = vendor.flatMap { vendor in productID.flatMap { UsbDeviceID(vendor: vendor, product: $0) } }
        self.init(
            devnode: devnode,
            byIdPath: Self.byIdLink(device, properties: properties),
            id: id,
            serial: attribute("serial") ?? properties["ID_SERIAL_SHORT"],
            manufacturer: attribute("manufacturer") ?? properties["ID_VENDOR"].map(Self.unescapeUnderscores),
            product: attribute("product") ?? properties["ID_MODEL"].map(Self.unescapeUnderscores),
            properties: properties
        )
    }

    /// The `/dev/serial/by-id/…` link: from the device's link list, or from `DEVLINKS` when the
    /// list is empty (as under umockdev).
    private static func byIdLink(_ device: OpaquePointer, properties: [String: String]) -> String? {
        var links: [String] = []
        var entry = udev_device_get_devlinks_list_entry(device)
        while let current = entry {
            if let name = string(udev_list_entry_get_name(current)) { links.append(name) }
            entry = udev_list_entry_get_next(current)
        }
        if links.isEmpty, let devlinks = properties["DEVLINKS"] {
            links = devlinks.split(separator: " ").map(String.init)
        }
        return links.sorted().first { $0.hasPrefix("/dev/serial/by-id/") }
    }

    /// `ID_VENDOR`/`ID_MODEL` replace spaces with underscores.
    private static func unescapeUnderscores(_ value: String) -> String {
        String(value.map { $0 == "_" ? " " : $0 })
    }

    private static func string(_ pointer: UnsafePointer<CChar>?) -> String? {
        pointer.map { String(cString: $0) }
    }
}
