/// The init packet (`.dat`) of a legacy DFU package, as the Adafruit bootloader reads it
/// (`dfu_init_packet_t`): little-endian device type, device revision, application version, the
/// count and list of SoftDevices it runs on, then the extended part, whose first two bytes are the
/// image's CRC16 (dfu_version 0.5, genpkg's default).
public struct DFUInitPacket: Equatable, Sendable {
    /// The Adafruit nRF52 bootloader's device type (`ADAFRUIT_DEVICE_TYPE`): it refuses any other.
    public static let adafruitDeviceType: UInt16 = 0x0052

    public let bytes: [UInt8]
    public let deviceType: UInt16
    public let deviceRevision: UInt16
    public let applicationVersion: UInt32
    public let softDevices: [UInt16]
    public let imageCRC16: UInt16

    public init(bytes: [UInt8]) throws(DFUPackageError) {
        func u16(_ at: Int) -> UInt16 { UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8 }
        guard bytes.count >= 10 else { throw .badInitPacket(bytes: bytes, reason: "\(bytes.count) bytes, fewer than the 10 of its header") }
        let count = Int(u16(8))
        let extended = 10 + 2 * count
        guard bytes.count >= extended + 2 else {
            throw .badInitPacket(bytes: bytes, reason: "\(bytes.count) bytes, too short for \(count) SoftDevices and the image CRC16")
        }
        self.bytes = bytes
        deviceType = u16(0)
        deviceRevision = u16(2)
        applicationVersion = UInt32(u16(4)) | UInt32(u16(6)) << 16
        softDevices = (0..<count).map { u16(10 + 2 * $0) }
        imageCRC16 = u16(extended)
    }
}
