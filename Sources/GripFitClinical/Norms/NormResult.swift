import Foundation

/// A grip placed on the Dodds 2014 centiles, naming the table, the statistic and the sex and age used,
/// so a reader can tell what it was compared with.
public struct NormResult: Sendable, Equatable {
    public let table: String
    public let statistic: String
    public let sex: Sex
    public let ageYears: Double
    public let bestKg: Double
    /// kg at P10, P25, P50, P75, P90 for this sex and age (interpolated between the table's ages).
    public let centileKg: [Double]
    public let z: Double
    /// From the normal distribution of `z`, clamped to 1–99: the table stops at P10 and P90.
    public let percentile: Double

    /// Where the grip falls among the table's centiles: "between the 25th and 50th centile",
    /// "below the 10th centile", "above the 90th centile", "at the 50th centile".
    public var band: String {
        let centiles = DoddsTable.centiles
        if let index = centileKg.firstIndex(of: bestKg) { return "at the \(Self.ordinal(centiles[index])) centile" }
        guard let first = centileKg.first, bestKg > first else { return "below the 10th centile" }
        guard let above = centileKg.firstIndex(where: { $0 > bestKg }) else { return "above the 90th centile" }
        return "between the \(Self.ordinal(centiles[above - 1])) and \(Self.ordinal(centiles[above])) centile"
    }

    /// One line for a report or a FHIR note.
    public var summary: String {
        let sexWord = sex == .female ? "women" : "men"
        return String(format: "%.1f kg: %@ (z %.2f, percentile %.0f) for %@ aged %.1f, %@ (%@)",
            bestKg, band, z, percentile, sexWord, ageYears, table, statistic)
    }

    private static func ordinal(_ number: Int) -> String { "\(number)th" }
}
