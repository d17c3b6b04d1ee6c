/// Which hand squeezed; grip norms and the clinical protocol are per hand.
public enum Hand: String, Codable, CaseIterable, Sendable {
    case left
    case right

    public var other: Hand { self == .left ? .right : .left }
}
