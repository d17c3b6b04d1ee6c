import GripFitCore

/// One hand's part of the page: its counted trials, the attempts set apart and why, and the
/// figures computed from the counted trials (nil when none counted).
public struct HandResult: Sendable, Equatable {
    public var hand: Hand
    public var trials: [CountedTrial]
    public var flagged: [FlaggedAttempt]
    public var bestKg: Double?
    public var meanKg: Double?
    /// Population SD of the counted trials, as Jamar and JTECH compute it.
    public var sdKg: Double?
    /// SD over mean, in %.
    public var cvPercent: Double?

    public init(
        hand: Hand,
        trials: [CountedTrial],
        flagged: [FlaggedAttempt],
        bestKg: Double?,
        meanKg: Double?,
        sdKg: Double?,
        cvPercent: Double?
    ) {
        self.hand = hand
        self.trials = trials
        self.flagged = flagged
        self.bestKg = bestKg
        self.meanKg = meanKg
        self.sdKg = sdKg
        self.cvPercent = cvPercent
    }
}
