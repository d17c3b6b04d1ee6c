import GripFitCore

/// One hand of an assessment: the protocol's statistic and each counted trial, in kgf, with the
/// notes that are this hand's own (its trial consistency).
public struct FHIRHandResult: Sendable, Equatable {
    public var hand: Hand
    public var valueKg: Double
    public var trialsKg: [Double]
    public var notes: [String]

    public init(hand: Hand, valueKg: Double, trialsKg: [Double], notes: [String] = []) {
        self.hand = hand
        self.valueKg = valueKg
        self.trialsKg = trialsKg
        self.notes = notes
    }
}
