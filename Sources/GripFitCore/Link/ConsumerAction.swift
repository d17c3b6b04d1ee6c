/// What a ``LinkConsumer`` asks of the session it consumes.
public enum ConsumerAction: Equatable, Sendable {
    /// Queue a command; device commands are sent once the link is up.
    case submit(Command)
    /// End the session after the current input.
    case stop
}
