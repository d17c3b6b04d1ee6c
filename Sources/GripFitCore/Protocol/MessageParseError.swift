/// A line with a known tag whose content is wrong. Carries the line so nothing received is lost.
public struct MessageParseError: Error, Equatable, Sendable {
    public enum Reason: String, Equatable, Sendable {
        /// `R:` with nothing after it.
        case emptyReading = "empty-reading"
        /// `R:` followed by something that is not a decimal integer.
        case nonNumericReading = "non-numeric-reading"
        /// `R:` with an integer outside Int32.
        case readingOutOfRange = "reading-out-of-range"
        /// `S:RATE:` without a positive integer.
        case badRate = "bad-rate"
        /// `D:` that is not `<name>,<version>`.
        case badDeviceInfo = "bad-device-info"
        /// A `B:` line that does not follow the bridge protocol.
        case badBridgeLine = "bad-bridge-line"
    }

    public let reason: Reason
    public let line: String

    public init(_ reason: Reason, line: String) {
        self.reason = reason
        self.line = line
    }
}
