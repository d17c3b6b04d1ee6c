import GripFitCore

/// One hand of an assessment: the protocol's statistic and each counted trial, in kgf, numbered
/// as it was saved and cued (a trial never counted leaves its number out), with the notes that
/// are this hand's own (its trial consistency).
public struct FHIRHandResult: Sendable, Equatable {
    public var hand: Hand
    public var valueKg: Double
    public var trials: [CountedTrial]
    public var notes: [String]
    /// The protocol's own figures for this hand, written as components after the trials'.
    public var figures: [FHIRFigure]

    public init(hand: Hand, valueKg: Double, trials: [CountedTrial], notes: [String] = [], figures: [FHIRFigure] = []) {
        self.figures = figures
        self.hand = hand
        self.valueKg = valueKg
        self.trials = trials
        self.notes = notes
    }
}
