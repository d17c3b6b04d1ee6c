/// A USB vendor and product ID pair, written `239a:810b` as lsusb and udev rules do.
public struct UsbDeviceID: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let vendor: UInt16
    public let product: UInt16

    public init(vendor: UInt16, product: UInt16) {
        self.vendor = vendor
        self.product = product
    }

    /// Parses the hexadecimal strings udev gives (`idVendor`, `ID_VENDOR_ID`).
    public init?(vendor: String, product: String) {
        guard let vendor = UInt16(vendor, radix: 16), let product = UInt16(product, radix: 16) else { return nil }
        self.init(vendor: vendor, product: product)
    }

    public var vendorHex: String { Self.hex(vendor) }
    public var productHex: String { Self.hex(product) }
    public var description: String { "\(vendorHex):\(productHex)" }

    public static func < (lhs: UsbDeviceID, rhs: UsbDeviceID) -> Bool {
        (lhs.vendor, lhs.product) < (rhs.vendor, rhs.product)
    }

    private static func hex(_ value: UInt16) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }
}
