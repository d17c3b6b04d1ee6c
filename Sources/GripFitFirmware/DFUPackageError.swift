/// Why a DFU package is refused before anything is sent. Each case keeps the bytes or values that
/// were wrong, so a test or a bug report shows them; `description` says it in a sentence.
public enum DFUPackageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No zip end-of-central-directory record: `head` is how the file starts.
    case notAZip(head: [UInt8])
    case damagedZip(reason: String)
    case missingEntry(name: String)
    case unsupportedCompression(name: String, method: UInt16)
    case entryCRC32Mismatch(name: String, stored: UInt32, computed: UInt32)
    case badManifest(bytes: [UInt8], reason: String)
    /// A SoftDevice or bootloader package: the bridge is updated by its application only.
    case notAnApplication(images: [String])
    case badInitPacket(bytes: [UInt8], reason: String)
    case wrongDeviceType(UInt16)
    case imageCRC16Mismatch(initPacket: UInt16, image: UInt16)
    case manifestDisagrees(field: String, manifest: UInt32, initPacket: UInt32)
    /// The bootloader takes whole 32-bit words of a size that fits its application area.
    case badImageSize(Int)

    public var description: String {
        switch self {
        case .notAZip(let head):
            let shown = head.prefix(8).map { hex($0, width: 2) }.joined(separator: " ")
            return "it is not a zip file (it starts with \(shown.isEmpty ? "nothing" : shown))"
        case .damagedZip(let reason):
            return "the zip file is damaged: \(reason)"
        case .missingEntry(let name):
            return "the zip has no \(name)"
        case .unsupportedCompression(let name, let method):
            return "\(name) is compressed with zip method \(method); only stored (0) and deflate (8) are read"
        case .entryCRC32Mismatch(let name, let stored, let computed):
            return "\(name) is damaged: its CRC-32 is \(hex(computed, width: 8)), the zip says \(hex(stored, width: 8))"
        case .badManifest(_, let reason):
            return "manifest.json does not read as a DFU manifest: \(reason)"
        case .notAnApplication(let images):
            return "it updates the \(images.joined(separator: " and ")), not the bridge application; only application packages are sent"
        case .badInitPacket(_, let reason):
            return "its init packet (.dat) does not read: \(reason)"
        case .wrongDeviceType(let type):
            let adafruit = hex(DFUInitPacket.adafruitDeviceType, width: 4)
            return "it is for device type \(hex(type, width: 4)), not the Adafruit bootloader's \(adafruit)"
        case .imageCRC16Mismatch(let expected, let computed):
            return "its image does not match its init packet: CRC16 \(hex(computed, width: 4)), "
                + "the init packet says \(hex(expected, width: 4))"
        case .manifestDisagrees(let field, let manifest, let initPacket):
            return "manifest.json says \(field) \(manifest), the init packet says \(initPacket)"
        case .badImageSize(let size):
            return "its image is \(size) bytes; the bootloader takes a whole number of 4-byte words, at most \(DFUPackage.maximumImageSize)"
        }
    }
}

private func hex<Value: BinaryInteger>(_ value: Value, width: Int) -> String {
    let digits = String(value, radix: 16)
    return "0x" + String(repeating: "0", count: max(0, width - digits.count)) + digits
}
