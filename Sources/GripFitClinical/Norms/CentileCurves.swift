/// The Dodds centile curves of one sex as data for the report's chart: the table's ages and, per
/// centile, the kg at each age.
public struct CentileCurves: Sendable, Equatable {
    public let sex: Sex
    public let ages: [Double]
    /// Keyed by centile (10, 25, 50, 75, 90); each array runs along `ages`.
    public let kgByCentile: [Int: [Double]]
    public let citation: String
}
