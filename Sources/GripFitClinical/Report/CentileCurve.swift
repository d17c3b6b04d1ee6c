/// One centile of a norm table as a curve over age, e.g. "P50" with (20, 28), (30, 31), …
public struct CentileCurve: Sendable, Equatable {
    public var label: String
    public var points: [ChartPoint]

    public init(label: String, points: [ChartPoint]) {
        self.label = label
        self.points = points
    }
}
