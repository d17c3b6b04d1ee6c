/// A BLE device address, `C0:FF:EE:12:34:56`. Parsed strictly because it crosses the USB link as text.
public struct BLEAddress: Hashable, Sendable, CustomStringConvertible {
    public let bytes: [UInt8]

    public init?(_ text: some StringProtocol) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 6 else { return nil }
        var bytes: [UInt8] = []
        for part in parts {
            guard part.count == 2, part.allSatisfy(\.isHexDigit), let byte = UInt8(part, radix: 16) else {
                return nil
            }
            bytes.append(byte)
        }
        self.bytes = bytes
    }

    public var description: String {
        bytes.map { byte in
            let digits = String(byte, radix: 16, uppercase: true)
            return digits.count == 1 ? "0" + digits : digits
        }.joined(separator: ":")
    }
}
