import GripFitClinical
import GripFitCore

/// A fixed assessment page: a man of 47, three counted trials per hand, one attempt set apart,
/// Dodds 2014's men's centiles (Table 2, as in the notes) and two earlier assessments.
enum ReportFixture {
    static let citation = "Dodds RM et al. Grip strength across the life course: normative data from twelve British studies. "
        + "PLoS ONE 2014;9(12):e113637. doi:10.1371/journal.pone.0113637"

    static let menCentiles: [(age: Double, kg: [Double])] = [
        (20, [30, 35, 40, 46, 52]), (30, [38, 44, 51, 58, 64]), (40, [38, 44, 50, 57, 63]), (45, [36, 42, 49, 56, 61]),
        (50, [35, 41, 48, 54, 60]), (60, [33, 39, 45, 51, 56]), (70, [29, 34, 39, 44, 49]), (80, [23, 27, 32, 37, 42]),
        (90, [16, 20, 25, 29, 33]),
    ]

    static var curves: [CentileCurve] {
        ["P10", "P25", "P50", "P75", "P90"].enumerated().map { index, label in
            CentileCurve(label: label, points: menCentiles.map { ChartPoint(age: $0.age, kg: $0.kg[index]) })
        }
    }

    static var report: ClinicalReport {
        ClinicalReport(
            subjectCode: "S-0042", age: 47, sex: .male, dominantHand: "right", date: "2026-11-24",
            device: ReportDevice(name: "GripFit", address: "C4:DE:E2:12:34:56", firmware: "1.4.2", calibrationDate: "2026-11-20"),
            protocolUsed: ReportProtocol(
                name: "standard", trialsPerHand: 3, restSeconds: 60, statistic: "maximum of all trials, either hand"),
            hands: [
                HandResult(
                    hand: .left,
                    trials: [CountedTrial(number: 1, kg: 41.0), CountedTrial(number: 2, kg: 42.4), CountedTrial(number: 3, kg: 40.6)],
                    flagged: [], bestKg: 42.4, meanKg: 41.33, sdKg: 0.77, cvPercent: 1.87),
                HandResult(
                    hand: .right,
                    trials: [CountedTrial(number: 1, kg: 44.2), CountedTrial(number: 3, kg: 46.8), CountedTrial(number: 4, kg: 45.5)],
                    flagged: [FlaggedAttempt(number: 2, kg: 12.3, reason: "released before the peak")],
                    bestKg: 46.8, meanKg: 45.5, sdKg: 1.06, cvPercent: 2.33),
            ],
            differencePercent: 9.4, dominanceRatio: 1.10,
            norm: NormSection(
                lines: ["Best grip 46.8 kg: 41st centile for men aged 47, z = -0.23", "Not below the EWGSOP2 grip threshold (27 kg, men)"],
                citation: citation),
            centileCurves: curves, subjectPoint: ChartPoint(age: 47, kg: 46.8),
            trend: [TrendPoint(date: "2025-05-02", bestKg: 48.1), TrendPoint(date: "2025-11-13", bestKg: 47.0)])
    }
}
