import Foundation

/// Places a best grip on the Dodds 2014 centiles for a sex and an exact age: the centiles are
/// interpolated linearly between the table's ages, kg maps to z piecewise-linearly between the
/// centiles' z (the outer segments extended), and the percentile is clamped to 1–99 (the wording
/// gives z and percentile only within P10–P90, see ``NormResult/summary``).
public enum DoddsNorms {
    public static func place(_ input: NormInput) -> NormOutcome {
        let ages = input.sex.flatMap(ageRange)
        let reasons = input.missing(ages: ages)
        guard reasons.isEmpty, let sex = input.sex, let age = input.ageYears, let row = centileKg(sex: sex, age: age) else {
            return .unavailable(reasons)
        }
        let z = zScore(kg: input.bestKg, centileKg: row)
        let percentile = min(99, max(1, 50 * erfc(-z / 2.0.squareRoot())))
        return .placed(
            NormResult(
                table: DoddsTable.name,
                statistic: DoddsTable.statistic,
                sex: sex,
                ageYears: age,
                ageApproximate: input.ageApproximate,
                bestKg: input.bestKg,
                centileKg: row,
                z: z,
                percentile: percentile,
                basis: input.basis
            )
        )
    }

    /// The ages the table covers for a sex.
    public static func ageRange(_ sex: Sex) -> ClosedRange<Double>? {
        let rows = DoddsTable.rows(for: sex)
        guard let first = rows.first, let last = rows.last else { return nil }
        return first.age...last.age
    }

    /// kg at P10…P90 for a sex at an exact age inside the table, interpolated between its two ages.
    public static func centileKg(sex: Sex, age: Double) -> [Double]? {
        let rows = DoddsTable.rows(for: sex)
        guard age.isFinite, let upper = rows.firstIndex(where: { $0.age >= age }) else { return nil }
        let high = rows[upper]
        if high.age == age { return high.kg }
        guard upper > 0 else { return nil }
        let low = rows[upper - 1]
        let fraction = (age - low.age) / (high.age - low.age)
        return zip(low.kg, high.kg).map { $0 + fraction * ($1 - $0) }
    }

    /// The curves of one sex for a chart.
    public static func curves(_ sex: Sex) -> CentileCurves {
        let rows = DoddsTable.rows(for: sex)
        var kgByCentile: [Int: [Double]] = [:]
        for (index, centile) in DoddsTable.centiles.enumerated() {
            kgByCentile[centile] = rows.map { $0.kg[index] }
        }
        return CentileCurves(sex: sex, ages: rows.map(\.age), kgByCentile: kgByCentile, citation: DoddsTable.citation)
    }

    /// Piecewise-linear kg → z through the centiles' (kg, z) points, the first and last segments extended.
    static func zScore(kg: Double, centileKg: [Double]) -> Double {
        let z = DoddsTable.centileZ
        let last = centileKg.count - 1
        var segment = 0
        while segment < last - 1, kg > centileKg[segment + 1] { segment += 1 }
        let span = centileKg[segment + 1] - centileKg[segment]
        guard span > 0 else { return z[segment] }
        return z[segment] + (kg - centileKg[segment]) * (z[segment + 1] - z[segment]) / span
    }
}
