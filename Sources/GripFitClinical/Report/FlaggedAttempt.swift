/// An attempt left out of the figures, printed apart with the reason (e.g. "released early"), so
/// the reader sees every squeeze and why it did not count. A trial can take several attempts, so
/// an attempt is named by both numbers, as `show` names it: the trial alone would name them all alike.
public struct FlaggedAttempt: Sendable, Equatable {
    /// The trial it was an attempt at, in the protocol.
    public var trial: Int
    /// Which attempt at that trial, from 1.
    public var attempt: Int
    /// Its peak, when it had one.
    public var kg: Double?
    public var reason: String

    public init(trial: Int, attempt: Int, kg: Double?, reason: String) {
        self.trial = trial
        self.attempt = attempt
        self.kg = kg
        self.reason = reason
    }
}
