import Foundation
import GripFitClinical
import GripFitCore

extension ClinicalView {
    /// The printed page's values. An uncalibrated device's peaks are raw counts, not kilograms: the
    /// page then shows no hand's figures and its norm lines say why, rather than print counts as kg.
    public func report(firmware: String?) -> ClinicalReport {
        let facts = assessment.facts
        let placed: NormResult? = if case .placed(let result) = norm { result } else { nil }
        // Each hand's box prints its trial consistency; the norm section holds the comparisons.
        var normLines = comparisonLines
        if !facts.calibrated {
            normLines.insert(
                "the device was not calibrated when this assessment was made: its readings are raw counts, not kg, "
                    + "so no force is printed (calibrate it, then measure again)",
                at: 0
            )
        }
        return ClinicalReport(
            subjectCode: facts.subject ?? "no subject",
            age: ageYears,
            sex: subject?.sex,
            dominantHand: subject?.dominant?.rawValue,
            date: day.description,
            device: ReportDevice(name: "GripFit", address: facts.device, firmware: firmware, calibrationDate: calibrationTime),
            protocolUsed: ReportProtocol(
                name: facts.protocolTitle,
                trialsPerHand: facts.trialsPerHand,
                restSeconds: facts.restSeconds,
                statistic: reportStatistic(placed),
                results: facts.calibrated ? protocolResults(unit: "kg") : []
            ),
            hands: facts.calibrated ? [Hand.left, .right].compactMap(handResult) : [],
            differencePercent: facts.calibrated ? statistics.difference?.percent : nil,
            strongerHand: facts.calibrated ? statistics.difference?.stronger : nil,
            dominanceRatio: facts.calibrated ? statistics.dominanceRatio : nil,
            consistencyThresholdPercent: settings.consistencyThreshold,
            norm: NormSection(lines: normLines, citations: citations),
            centileCurves: placed.map { DoddsNorms.curves($0.sex).chartCurves } ?? [],
            subjectPoint: placed.map { ChartPoint(age: $0.ageYears, kg: $0.bestKg) },
            // The trend plots best grips: a run whose trials give none (rapid exchange, one hand) is left out.
            trend: earlier.compactMap { earlier -> TrendPoint? in
                let basis = Self.normBasis(earlier)
                guard basis.unfit == nil, let best = basis.bestKg else { return nil }
                let date = Subject.Birth.Day(
                    Date(timeIntervalSince1970: Double(earlier.facts.startedAtMilliseconds) / 1000),
                    in: timeZone
                )
                return TrendPoint(date: date.description, bestKg: best)
            }
        )
    }

    /// The page's Statistic row: the norm's statistic where the best per hand is the result (`standard`,
    /// as it always printed), else the protocol's own statistic; the norm line says what its centile is of.
    private func reportStatistic(_ placed: NormResult?) -> String {
        guard normBasis.label != nil || normBasis.unfit != nil,
            let named = GripProtocol.named(assessment.facts.protocolName)
        else { return placed?.statistic ?? DoddsTable.statistic }
        return named.statistic.rawValue
    }

    /// One hand's part of the page; nil when the hand had no attempt.
    private func handResult(_ hand: Hand) -> HandResult? {
        let attempts = assessment.attempts.filter { $0.hand == hand }.sorted { ($0.trial, $0.attempt) < ($1.trial, $1.attempt) }
        guard !attempts.isEmpty else { return nil }
        let figures = statistics.figures(hand)
        return HandResult(
            hand: hand,
            trials: attempts.filter(\.counts).map {
                CountedTrial(number: $0.trial, kg: $0.peak, measures: showsMeasures ? measures[$0.session] : nil)
            },
            flagged: attempts.compactMap { attempt in
                attempt.flag.map { FlaggedAttempt(trial: attempt.trial, attempt: attempt.attempt, kg: attempt.peak, reason: $0) }
            },
            bestKg: figures.best,
            meanKg: figures.mean,
            sdKg: figures.populationSD,
            cvPercent: figures.coefficientOfVariation
        )
    }
}
