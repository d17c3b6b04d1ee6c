/// What the session machine asks its driver to do, in order.
public enum SessionAction: Equatable, Sendable {
    case openPort
    case closePort
    case send(Command)
    case report(SessionReport)
}
