import GripFitCore

/// One attempt of an assessment as stored: its session, hand, trial and attempt numbers, the
/// session's peak, and why it does not count when it was flagged.
public struct AssessmentAttempt: Equatable, Sendable {
    public var session: Int64
    public var startedAtMilliseconds: Int64
    public var hand: Hand
    public var trial: Int
    public var attempt: Int
    public var peak: Double
    public var flag: String?
    /// The session's stable name's uid (``StableName``).
    public var uid: String? = nil

    /// `s-` and the start of ``uid``.
    public var name: String? { uid.map { StableName.name(.session, uid: $0) } }

    public init(session: Int64, startedAtMilliseconds: Int64, hand: Hand, trial: Int, attempt: Int, peak: Double, flag: String?) {
        self.session = session
        self.startedAtMilliseconds = startedAtMilliseconds
        self.hand = hand
        self.trial = trial
        self.attempt = attempt
        self.peak = peak
        self.flag = flag
    }

    public var counts: Bool { flag == nil }
}
