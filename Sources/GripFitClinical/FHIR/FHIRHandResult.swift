import GripFitCore

/// One hand of an assessment: the protocol's statistic and each counted trial, in kg.
public struct FHIRHandResult: Sendable, Equatable {
    public var hand: Hand
    public var valueKg: Double
    public var trialsKg: [Double]

    public init(hand: Hand, valueKg: Double, trialsKg: [Double]) {
        self.hand = hand
        self.valueKg = valueKg
        self.trialsKg = trialsKg
    }
}
