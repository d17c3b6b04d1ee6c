/// What happens to a session: the port, the lines from it, the user, and time passing.
public enum LinkInput: Equatable, Sendable {
    /// Begin: the machine asks for the port to be opened.
    case start
    case portOpened
    case portFailed(PortFailure)
    /// Hotplug saw the dongle come back: reopen now instead of waiting out the backoff.
    case portAppeared
    case message(Message)
    case malformed(MessageParseError)
    case framing(FramingError)
    /// A command from the user; device commands wait until the link is up.
    case submit(Command)
    /// Time moved on; deadlines due at or before now fire.
    case tick
    case stop
}
