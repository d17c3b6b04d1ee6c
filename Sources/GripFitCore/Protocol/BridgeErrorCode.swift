/// The codes of `B:ERROR,<code>`.
public enum BridgeErrorCode: String, Equatable, Sendable, CaseIterable {
    case lineTooLong = "LINE_TOO_LONG"
    /// The device answered a `CMD:` write with an ATT error (detail `0xNN`), or the radio did not send it.
    case writeFailed = "WRITE_FAILED"
    /// No answer to a `CMD:` write in the time the link allows; the bridge drops the link.
    case writeTimeout = "WRITE_TIMEOUT"
    /// Notification bytes were lost inside the bridge (detail: how many); the lines they touched are gone.
    case dataLost = "DATA_LOST"
    case notConnected = "NOT_CONNECTED"
    case unknownCommand = "UNKNOWN_COMMAND"
    case badArgument = "BAD_ARGUMENT"

    /// Whether the code answers the command in flight; the others report the device's stream.
    var answersCommand: Bool {
        self != .lineTooLong && self != .dataLost
    }
}
