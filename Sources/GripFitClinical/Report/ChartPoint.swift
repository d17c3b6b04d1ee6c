/// A grip at an age, in years and kg: a point of a centile curve, or the subject's own.
public struct ChartPoint: Sendable, Equatable {
    public var age: Double
    public var kg: Double

    public init(age: Double, kg: Double) {
        self.age = age
        self.kg = kg
    }
}
