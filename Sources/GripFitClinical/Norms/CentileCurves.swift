/// The Dodds centile curves of one sex as data for the report's chart: the table's ages and, per
/// centile, the kg at each age.
public struct CentileCurves: Sendable, Equatable {
    public let sex: Sex
    public let ages: [Double]
    /// Keyed by centile (10, 25, 50, 75, 90); each array runs along `ages`.
    public let kgByCentile: [Int: [Double]]
    public let citation: String

    /// One ``CentileCurve`` per centile ("P10" … "P90"), lowest first, as the report's chart draws them.
    public var chartCurves: [CentileCurve] {
        DoddsTable.centiles.map { centile in
            let kg = kgByCentile[centile] ?? []
            return CentileCurve(label: "P\(centile)", points: zip(ages, kg).map { ChartPoint(age: $0, kg: $1) })
        }
    }
}
