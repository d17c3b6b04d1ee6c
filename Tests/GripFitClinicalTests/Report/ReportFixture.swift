import GripFitClinical
import GripFitCore

/// A fixed assessment page: a man of 47 (born 1979-06-30, assessed 2026-11-24: 47.4 years), three
/// counted trials per hand, one attempt set apart, Dodds 2014's men's curves and two earlier
/// assessments. The norm lines are the norm code's own wording (``NormSection/init(norm:ewgsop2:)``).
enum ReportFixture {
    static let assessed = Subject.Birth.Day(year: 2026, month: 11, day: 24)!
    static let born = Subject.Birth.date(Subject.Birth.Day(year: 1979, month: 6, day: 30)!)

    static var report: ClinicalReport { report(born: born) }

    /// The same page for a subject born `born` (an older one, for EWGSOP2 to apply).
    static func report(born: Subject.Birth) -> ClinicalReport {
        let age = Age(birth: born, on: assessed)
        let input = NormInput(bestKg: 46.8, sex: .male, age: age, calibrated: true)
        return ClinicalReport(
            subjectCode: "S-0042",
            age: age.exactYears,
            sex: .male,
            dominantHand: "right",
            date: assessed.description,
            device: ReportDevice(name: "GripFit", address: "C4:DE:E2:12:34:56", firmware: "1.4.2", calibrationDate: "2026-11-20"),
            protocolUsed: ReportProtocol(
                name: "standard",
                trialsPerHand: 3,
                restSeconds: 60,
                statistic: "maximum of all trials, either hand"
            ),
            hands: [
                HandResult(
                    hand: .left,
                    trials: [CountedTrial(number: 1, kg: 41.0), CountedTrial(number: 2, kg: 42.4), CountedTrial(number: 3, kg: 40.6)],
                    flagged: [],
                    bestKg: 42.4,
                    meanKg: 41.33,
                    sdKg: 0.77,
                    cvPercent: 1.87
                ),
                HandResult(
                    hand: .right,
                    trials: [CountedTrial(number: 1, kg: 44.2), CountedTrial(number: 3, kg: 46.8), CountedTrial(number: 4, kg: 45.5)],
                    flagged: [FlaggedAttempt(trial: 2, attempt: 1, kg: 12.3, reason: "released before the peak")],
                    bestKg: 46.8,
                    meanKg: 45.5,
                    sdKg: 1.06,
                    cvPercent: 2.33
                ),
            ],
            differencePercent: 9.4,
            dominanceRatio: 1.10,
            norm: NormSection(norm: DoddsNorms.place(input), ewgsop2: EWGSOP2Threshold.standard.compare(input)),
            centileCurves: DoddsNorms.curves(.male).chartCurves,
            subjectPoint: ChartPoint(age: age.exactYears, kg: 46.8),
            trend: [TrendPoint(date: "2025-05-02", bestKg: 48.1), TrendPoint(date: "2025-11-13", bestKg: 47.0)]
        )
    }
}
