import Foundation
import GripFitClinical
import GripFitCore
import GripFitExchange
import GripFitLive
import GripFitOutput
import GripFitRecords
import GripFitStore

/// An assessment's figures as the terminal shows them (`record --protocol`, `show A<n>`,
/// `subject show`): per hand best, mean, population SD and CV, the left/right difference, the
/// dominance ratio, the protocol's result with its statistic, and trial consistency as a figure
/// against its threshold.
enum AssessmentText {
    /// `subject show`'s entry: the assessment's line, then its figures indented.
    static func summary(
        _ assessment: StoredAssessment,
        subject: Subject?,
        unit: ForceUnit,
        traces: [Int64: TrialTrace] = [:],
        others: [StoredAssessment] = []
    ) -> [String] {
        let flagged = assessment.attempts.filter { !$0.counts }.count
        let head =
            "\(assessment.name)  \(LocalTime.text(milliseconds: assessment.facts.startedAtMilliseconds))  "
            + "\(UntrustedText.escaped(assessment.facts.protocolName)), \(assessment.attempts.count) attempt"
            + (assessment.attempts.count == 1 ? "" : "s") + (flagged > 0 ? " (\(flagged) flagged)" : "")
        let view = ClinicalView(assessment: assessment, subject: subject, others: others, timeZone: .current, traces: traces)
        let lines = figures(view.statistics, facts: assessment.facts, unit: unit, protocolFigures: view.protocolFigures)
        return [head] + lines.map { "  " + $0 }
    }

    /// `show A<n>`: facts, subject and age at the assessment, attempts per hand (flagged ones with
    /// their reason), figures, and the clinical reading (norm, EWGSOP2, trial consistency), the
    /// figures and the reading wrapped at spaces to `width` columns as the guided run's summary is
    /// (the facts stay whole: a long device name is not prose to break).
    static func details(_ view: ClinicalView, unit: ForceUnit, width: Int) -> [String] {
        let assessment = view.assessment
        let facts = assessment.facts
        let display = ForceDisplay(calibration: nil, unit: unit)
        var lines = [
            "assessment   \(assessment.name)",
            "started      \(LocalTime.text(milliseconds: facts.startedAtMilliseconds))",
            "subject      " + (facts.subject.map(UntrustedText.escaped) ?? "-")
                + (view.age.map { ", age \($0) at the assessment" } ?? ""),
            "device       \(UntrustedText.escaped(facts.device))",
            "protocol     \(UntrustedText.escaped(facts.protocolTitle)): \(facts.trialsPerHand) trial"
                + (facts.trialsPerHand == 1 ? "" : "s") + " per hand, \(facts.firstHand.rawValue) first, "
                + "\(facts.restSeconds.formatted(decimals: 0)) s rest",
            "calibration  "
                + (facts.calibrated ? view.calibrationTime.map { "made \(UntrustedText.escaped($0))" } ?? "yes" : "none (raw counts)"),
            "",
        ]
        for hand in [Hand.left, .right] {
            let attempts = assessment.attempts.filter { $0.hand == hand }.sorted { ($0.trial, $0.attempt) < ($1.trial, $1.attempt) }
            guard !attempts.isEmpty else { continue }
            lines.append("\(hand.rawValue) hand:")
            for attempt in attempts {
                lines.append(
                    "  trial \(attempt.trial) attempt \(attempt.attempt)  session \(attempt.session)  "
                        + display.text(stored: attempt.peak, calibrated: facts.calibrated)
                        + (attempt.flag.map { "  flagged, not counted: \(UntrustedText.escaped($0))" } ?? "")
                )
                if view.showsMeasures, let measures = view.measures[attempt.session] {
                    lines += WordWrap.lines(measureText(measures, calibrated: facts.calibrated, unit: unit), width: width - 4)
                        .map { "    " + $0 }
                }
            }
        }
        return lines + [""] + clinical(view, unit: unit, width: width)
    }

    /// A trial's force–time measures on one line (``TrialMeasureField/phrase(_:unit:convert:)``), forces in `unit`.
    static func measureText(_ measures: TrialMeasures, calibrated: Bool, unit: ForceUnit) -> String {
        let display = ForceDisplay(calibration: nil, unit: unit)
        let name = calibrated ? unit.rawValue : "raw"
        return TrialMeasureField.allCases.map { field in
            field.phrase(measures, unit: name) { display.convert(stored: $0, calibrated: calibrated) }
        }.joined(separator: ", ")
    }

    /// The figures, then the norm, the EWGSOP2 comparison and trial consistency against the view's
    /// thresholds, wrapped to `width`. `bestAndMeanShown`: the guided run's summary just gave each
    /// hand's best and mean (``ProtocolReport``), so the hands' lines give the rest of their figures.
    static func clinical(_ view: ClinicalView, unit: ForceUnit, width: Int, bestAndMeanShown: Bool = false) -> [String] {
        (measures(
            view.statistics,
            facts: view.assessment.facts,
            unit: unit,
            protocolFigures: view.protocolFigures,
            bestAndMeanShown: bestAndMeanShown
        ) + view.clinicalLines).flatMap { WordWrap.lines($0, width: width) }
    }

    static func figures(
        _ statistics: TrialStatistics,
        facts: AssessmentFacts,
        unit: ForceUnit,
        protocolFigures: [GripProtocol.Figure]
    ) -> [String] {
        var lines = measures(statistics, facts: facts, unit: unit, protocolFigures: protocolFigures)
        for hand in [Hand.left, .right] {
            if let consistency = statistics.consistency(hand) { lines.append("trial consistency, \(hand.rawValue): \(consistency)") }
        }
        return lines
    }

    /// Best, mean, population SD and CV per hand (without best and mean, and without a hand that has
    /// none, when `bestAndMeanShown`), the left/right difference and the dominance ratio.
    private static func measures(
        _ statistics: TrialStatistics,
        facts: AssessmentFacts,
        unit: ForceUnit,
        protocolFigures: [GripProtocol.Figure],
        bestAndMeanShown: Bool = false
    ) -> [String] {
        let display = ForceDisplay(calibration: nil, unit: unit)
        func text(_ value: Double) -> String { display.text(stored: value, calibrated: facts.calibrated) }
        var lines: [String] = []
        for hand in [Hand.left, .right] {
            let figures = statistics.figures(hand)
            guard let best = figures.best, let mean = figures.mean, let sd = figures.populationSD else {
                if !bestAndMeanShown { lines.append("\(hand.rawValue): no counted trial") }
                continue
            }
            if bestAndMeanShown {
                lines.append(
                    SessionText.pad(hand.rawValue, 6) + "population SD \(text(sd))"
                        + (figures.coefficientOfVariation.map { ", CV \($0.formatted(decimals: 1)) %" } ?? "")
                        + " of \(figures.peaks.count) counted trial" + (figures.peaks.count == 1 ? "" : "s")
                )
                continue
            }
            lines.append(
                SessionText.pad(hand.rawValue, 6) + "best \(text(best)), mean \(text(mean)) of \(figures.peaks.count), "
                    + "population SD \(text(sd))"
                    + (figures.coefficientOfVariation.map { ", CV \($0.formatted(decimals: 1)) %" } ?? "")
            )
        }
        // The protocol's own result, with the statistic that made it (none for `standard`: its best and mean are above).
        if let named = GripProtocol.named(facts.protocolName) {
            lines += protocolFigures.map { named.resultLine($0, format: text) }
        }
        if let difference = statistics.difference {
            lines.append(
                "left/right difference: \(difference.percent.formatted(decimals: 1)) % "
                    + "(\(difference.stronger.rawValue) stronger, relative to the stronger hand's best)"
            )
        }
        if let ratio = statistics.dominanceRatio, let dominant = statistics.dominant {
            lines.append("dominant/non-dominant ratio: \(ratio.formatted(decimals: 2)) (dominant hand: \(dominant.rawValue))")
        }
        return lines
    }
}
