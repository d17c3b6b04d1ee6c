/// A frame from the bootloader that is no acknowledgement, with its bytes.
public enum DFUWireError: Error, Equatable, Sendable, CustomStringConvertible {
    case notAnAcknowledgement([UInt8])
    case brokenFrame([UInt8])

    public var description: String {
        switch self {
        case .notAnAcknowledgement(let bytes): "a frame that is no acknowledgement: \(Self.hex(bytes))"
        case .brokenFrame(let bytes): "a frame with a bad SLIP escape: \(Self.hex(bytes))"
        }
    }

    static func hex(_ bytes: [UInt8]) -> String {
        bytes.prefix(32).map { byte in
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }.joined(separator: " ") + (bytes.count > 32 ? " …" : "")
    }
}
