/// What consumers (terminal view, JSONL, recorder, `check`) receive from a session.
public enum SessionReport: Equatable, Sendable {
    /// A reading, status, device info or bridge event, as received.
    case message(Message)
    case state(SessionState)
    case warning(SessionWarning)
    case commandFinished(Command, CommandOutcome)
}
