/// A guided run's first attempt saved with its new assessment: the save's outcome and the
/// assessment's id, which the later attempts carry.
public struct FirstAttempt: Equatable, Sendable {
    public var outcome: SaveOutcome
    public var assessment: Int64

    public init(outcome: SaveOutcome, assessment: Int64) {
        self.outcome = outcome
        self.assessment = assessment
    }
}
