/// A trial that counts towards a hand's figures: its number in the protocol and its peak.
public struct CountedTrial: Sendable, Equatable {
    public var number: Int
    public var kg: Double

    public init(number: Int, kg: Double) {
        self.number = number
        self.kg = kg
    }
}
