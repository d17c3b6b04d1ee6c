/// An attempt left out of the figures, printed apart with the reason (e.g. "released early"), so
/// the reader sees every squeeze and why it did not count.
public struct FlaggedAttempt: Sendable, Equatable {
    public var number: Int
    /// Its peak, when it had one.
    public var kg: Double?
    public var reason: String

    public init(number: Int, kg: Double?, reason: String) {
        self.number = number
        self.kg = kg
        self.reason = reason
    }
}
