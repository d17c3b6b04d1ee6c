/// What the link machine asks its driver to do, in order.
public enum LinkAction: Equatable, Sendable {
    case openPort
    case closePort
    case send(Command)
    case report(LinkReport)
}
