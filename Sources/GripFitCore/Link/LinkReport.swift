/// What consumers (terminal view, JSONL, recorder, `check`) receive from a session.
public enum LinkReport: Equatable, Sendable {
    /// A reading, status, device info or bridge event, as received.
    case message(Message)
    case state(LinkState)
    case warning(LinkWarning)
    case commandFinished(Command, CommandOutcome)
}
