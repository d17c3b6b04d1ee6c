import GripFitCore

/// What a case is told: that it starts, a report from the session, or that time passed.
public enum ProbeEvent: Equatable, Sendable {
    case start
    case report(LinkReport)
    case tick
}
