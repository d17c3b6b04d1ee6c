/// Something received or observed that a user should know about but that does not stop the session.
public struct SessionWarning: Equatable, Sendable {
    public enum Reason: String, Equatable, Sendable {
        case emptyReading = "empty-reading"
        case nonNumericReading = "non-numeric-reading"
        case readingOutOfRange = "reading-out-of-range"
        case badRate = "bad-rate"
        case badDeviceInfo = "bad-device-info"
        case badBridgeLine = "bad-bridge-line"
        case unknownLine = "unknown-line"
        case lineTooLong = "line-too-long"
        case invalidUTF8 = "invalid-utf8"
        /// The bridge reported `B:ERROR` that no command was waiting for.
        case bridgeError = "bridge-error"
        /// Connected, but no reading for the stale interval.
        case noReadings = "no-readings"
        /// No PONG after the stale-link PING: the link is reconnected.
        case staleLink = "stale-link"
    }

    public let reason: Reason
    /// The offending bytes, when a line caused it.
    public let raw: [UInt8]

    public init(_ reason: Reason, raw: [UInt8] = []) {
        self.reason = reason
        self.raw = raw
    }

    public init(_ error: MessageParseError) {
        self.init(Reason(rawValue: error.reason.rawValue) ?? .unknownLine, raw: Array(error.line.utf8))
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
        case .bridgeError, .noReadings, .staleLink: false
        default: true
        }
    }
}
