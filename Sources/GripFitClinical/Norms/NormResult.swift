import GripFitCore

/// A grip placed on the Dodds 2014 centiles, naming the table, the statistic and the sex and age used,
/// so a reader can tell what it was compared with.
public struct NormResult: Sendable, Equatable {
    public let table: String
    public let statistic: String
    public let sex: Sex
    /// The exact age the centiles were interpolated at; the wording prints its 5-year band only.
    public let ageYears: Double
    /// The age came from a birth year alone.
    public let ageApproximate: Bool
    public let bestKg: Double
    /// kg at P10, P25, P50, P75, P90 for this sex and age (interpolated between the table's ages).
    public let centileKg: [Double]
    /// Piecewise-linear through the centiles' z; outside P10–P90 an extrapolation the table does not support.
    public let z: Double
    /// From the normal distribution of `z`, clamped to 1–99: the table stops at P10 and P90.
    public let percentile: Double
    /// Which trials the placed grip is the best of (``NormBasis/label``), ahead of the line; nil: none said.
    public var basis: String? = nil

    /// Where the grip falls among the table's centiles: "between the 25th and 50th centile",
    /// "below the 10th centile", "above the 90th centile", "at the 50th centile".
    public var band: String {
        let centiles = DoddsTable.centiles
        if let index = centileKg.firstIndex(of: bestKg) { return "at the \(Self.ordinal(centiles[index])) centile" }
        guard let first = centileKg.first, bestKg > first else { return "below the 10th centile" }
        guard let above = centileKg.firstIndex(where: { $0 > bestKg }) else { return "above the 90th centile" }
        return "between the \(Self.ordinal(centiles[above - 1])) and \(Self.ordinal(centiles[above])) centile"
    }

    /// Whether the grip lies within P10–P90, where the table's centiles support a z and a percentile.
    public var withinTable: Bool {
        guard let first = centileKg.first, let last = centileKg.last else { return false }
        return bestKg >= first && bestKg <= last
    }

    /// One line for a report or a FHIR note, with the 5-year age band, never the exact age (a page
    /// prints the band only). Outside P10–P90 it gives the band alone, without z or percentile: the
    /// table stops there, so an extrapolated "percentile 1" would read as a measured figure it is not.
    public var summary: String { summary(unit: "kg") }

    /// The same line with the force called `unit`: "kgf" in FHIR, whose values are kilograms-force.
    public func summary(unit: String) -> String {
        let sexWord = sex == .female ? "women" : "men"
        let figures = withinTable ? " (z \(z.formatted(decimals: 2)), percentile \(percentile.formatted(decimals: 0)))" : ""
        let band = Age.band(ageYears) ?? ageYears.formatted(upToDecimals: 1)
        let aged = ageApproximate ? "about \(band) (age from the birth year only)" : band
        return (basis.map { $0 + ": " } ?? "")
            + "\(bestKg.formatted(decimals: 1)) \(unit): \(self.band)\(figures) for \(sexWord) aged \(aged), \(table) (\(statistic))"
    }

    private static func ordinal(_ number: Int) -> String { "\(number)th" }
}
