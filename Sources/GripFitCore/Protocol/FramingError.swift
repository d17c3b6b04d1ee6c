/// Why bytes could not become a line. Each case keeps the raw bytes so a user can see what arrived.
public enum FramingError: Error, Equatable, Sendable {
    /// The line exceeded the framer's limit; `head` holds its first bytes. The rest was discarded.
    case lineTooLong(head: [UInt8])
    /// The line was not valid UTF-8.
    case invalidUTF8([UInt8])

    public var rawBytes: [UInt8] {
        switch self {
        case .lineTooLong(let head): head
        case .invalidUTF8(let bytes): bytes
        }
    }
}
