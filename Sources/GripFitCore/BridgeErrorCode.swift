/// The codes of `B:ERROR,<code>`.
public enum BridgeErrorCode: String, Equatable, Sendable, CaseIterable {
    case lineTooLong = "LINE_TOO_LONG"
    case writeFailed = "WRITE_FAILED"
    case notConnected = "NOT_CONNECTED"
    case unknownCommand = "UNKNOWN_COMMAND"
    case badArgument = "BAD_ARGUMENT"
}
