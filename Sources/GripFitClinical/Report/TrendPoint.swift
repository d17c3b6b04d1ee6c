/// An earlier assessment of the same subject: its date as printed and its best grip.
public struct TrendPoint: Sendable, Equatable {
    public var date: String
    public var bestKg: Double

    public init(date: String, bestKg: Double) {
        self.date = date
        self.bestKg = bestKg
    }
}
