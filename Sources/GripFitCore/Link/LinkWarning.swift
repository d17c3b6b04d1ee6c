/// Something received or observed that a user should know about but that does not stop the session.
public struct LinkWarning: Equatable, Sendable {
    public enum Reason: Hashable, Sendable {
        /// A line with a known tag and bad content.
        case malformed(MessageParseError.Reason)
        case unknownLine
        case lineTooLong
        case invalidUTF8
        /// The bridge reported `B:ERROR` that no command was waiting for.
        case bridgeError
        /// The bridge lost device bytes (`B:ERROR,DATA_LOST`): readings are missing here, a gap.
        case dataLost
        /// Connected, but no reading for the stale interval.
        case noReadings
        /// No PONG after the stale-link PING: the link is reconnected.
        case staleLink

        /// The name used in JSONL and text output.
        public var name: String {
            switch self {
            case .malformed(let reason): reason.rawValue
            case .unknownLine: "unknown-line"
            case .lineTooLong: "line-too-long"
            case .invalidUTF8: "invalid-utf8"
            case .bridgeError: "bridge-error"
            case .dataLost: "data-lost"
            case .noReadings: "no-readings"
            case .staleLink: "stale-link"
            }
        }
    }

    public let reason: Reason
    /// The offending bytes, when a line caused it.
    public let raw: [UInt8]

    public init(_ reason: Reason, raw: [UInt8] = []) {
        self.reason = reason
        self.raw = raw
    }

    public init(_ error: MessageParseError) {
        self.init(.malformed(error.reason), raw: Array(error.line.utf8))
    }

    public init(_ error: FramingError) {
        switch error {
        case .lineTooLong(let head): self.init(.lineTooLong, raw: head)
        case .invalidUTF8(let bytes): self.init(.invalidUTF8, raw: bytes)
        }
    }

    /// Whether a malformed or unrecognised line caused this warning.
    public var isBadLine: Bool {
        switch reason {
        case .bridgeError, .dataLost, .noReadings, .staleLink: false
        default: true
        }
    }
}
