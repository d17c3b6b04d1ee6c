/// A tty whose parent is a USB device, as udev describes it.
public struct UsbSerialPort: Hashable, Sendable {
    /// `/dev/ttyACM0`: changes across replugs, so never the identity to follow.
    public var devnode: String
    /// `/dev/serial/by-id/usb-…-if00`, stable for one dongle, when udev made one.
    public var byIdPath: String?
    public var id: UsbDeviceID?
    /// The USB serial number: the identity a session follows across replugs.
    public var serial: String?
    public var manufacturer: String?
    public var product: String?
    public var isBridge: Bool
    /// The udev properties of the tty (ID_MM_DEVICE_IGNORE, ID_GRIPFIT_BRIDGE …), for `doctor`.
    public var properties: [String: String]

    public init(
        devnode: String,
        byIdPath: String? = nil,
        id: UsbDeviceID? = nil,
        serial: String? = nil,
        manufacturer: String? = nil,
        product: String? = nil,
        isBridge: Bool? = nil,
        properties: [String: String] = [:]
    ) {
        self.devnode = devnode
        self.byIdPath = byIdPath
        self.id = id
        self.serial = serial
        self.manufacturer = manufacturer
        self.product = product
        self.properties = properties
        self.isBridge =
            isBridge ?? BridgeMatcher.isBridge(id: id, product: product, udevFlag: properties[BridgeMatcher.udevProperty])
    }

    /// The best name to reopen this dongle by after a replug.
    public var stablePath: String { byIdPath ?? devnode }
}
