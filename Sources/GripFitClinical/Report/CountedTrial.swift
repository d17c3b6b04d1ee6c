import GripFitCore

/// A trial that counts towards a hand's figures: its number in the protocol, its peak and, when its
/// trace was read, its force–time measures (in kg, as the peak).
public struct CountedTrial: Sendable, Equatable {
    public var number: Int
    public var kg: Double
    public var measures: TrialMeasures?

    public init(number: Int, kg: Double, measures: TrialMeasures? = nil) {
        self.number = number
        self.kg = kg
        self.measures = measures
    }
}
