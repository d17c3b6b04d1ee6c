/// How a submitted command ended.
public enum CommandOutcome: Equatable, Sendable {
    /// The expected reply arrived (nil for commands that have none, such as `BRIDGE:PIN`).
    case succeeded(reply: Message?)
    case failed(CommandFailure)
}
