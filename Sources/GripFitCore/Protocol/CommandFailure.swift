/// Why a command did not get its expected reply.
public enum CommandFailure: Equatable, Sendable {
    /// No reply after the first try and one retry.
    case timedOut(attempts: Int)
    /// `S:NOT_READY`: the sensor did not respond.
    case sensorNotReady
    /// The bridge refused the command.
    case bridge(BridgeErrorCode)
    /// The device replied, but not as asked (a different rate).
    case unexpectedReply(Message)
    /// The link or port went away while the command was waiting.
    case linkLost
}
