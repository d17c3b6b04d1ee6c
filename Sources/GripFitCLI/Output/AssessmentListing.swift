import GripFitClinical
import GripFitCore
import GripFitLive
import GripFitOutput
import GripFitStore

/// `history --assessments`: one line, CSV row or JSON object per assessment, newest first, with
/// its figures computed from its stored attempts. Ids are written `A<n>`, apart from sessions'.
enum AssessmentListing {
    static let csvHeader = [
        "id", "start", "subject", "device", "protocol", "unit", "attempts", "flagged", "left_best", "left_mean", "left_sd_population",
        "left_cv_percent", "right_best", "right_mean", "right_sd_population", "right_cv_percent", "difference_percent", "stronger",
        "dominance_ratio",
    ]

    /// Each assessment with its figures, the dominant hand taken from its subject.
    static func figures(_ assessments: [StoredAssessment], subjects: [Subject]) -> [(StoredAssessment, TrialStatistics)] {
        assessments.map { assessment in
            let dominant = subjects.first { $0.code == assessment.facts.subject }?.dominant?.hand
            return (assessment, assessment.statistics(dominant: dominant))
        }
    }

    static func table(_ listed: [(StoredAssessment, TrialStatistics)], unit: ForceUnit) -> [String] {
        guard !listed.isEmpty else { return ["No assessments yet. Run one with `gripfit-serial record --protocol standard`."] }
        return listed.flatMap { assessment, statistics in
            let subject = assessment.facts.subject.map { "  subject \(UntrustedText.escaped($0))" } ?? ""
            return ["\(assessment.name)  \(LocalTime.text(milliseconds: assessment.facts.startedAtMilliseconds))\(subject)"]
                + AssessmentText.figures(statistics, facts: assessment.facts, unit: unit).map { "  " + $0 }
        }
    }

    static func csvFields(_ assessment: StoredAssessment, _ statistics: TrialStatistics, unit: ForceUnit) -> [String] {
        let display = ForceDisplay(calibration: nil, unit: unit)
        let facts = assessment.facts
        func force(_ value: Double?) -> String {
            value.map { display.convert(stored: $0, calibrated: facts.calibrated).formatted(decimals: 3) } ?? ""
        }
        func hand(_ figures: TrialStatistics.HandFigures) -> [String] {
            [
                force(figures.best), force(figures.mean), force(figures.populationSD),
                figures.coefficientOfVariation.map { $0.formatted(decimals: 2) } ?? "",
            ]
        }
        return [
            assessment.name, Timestamp.rfc3339(milliseconds: facts.startedAtMilliseconds), CSVLine.text(facts.subject ?? ""),
            CSVLine.text(facts.device), CSVLine.text(facts.protocolName), facts.calibrated ? unit.rawValue : "raw",
            String(assessment.attempts.count), String(assessment.attempts.filter { !$0.counts }.count),
        ] + hand(statistics.left) + hand(statistics.right) + [
            statistics.difference.map { $0.percent.formatted(decimals: 2) } ?? "", statistics.difference?.stronger.rawValue ?? "",
            statistics.dominanceRatio.map { $0.formatted(decimals: 3) } ?? "",
        ]
    }

    static func json(_ assessment: StoredAssessment, _ statistics: TrialStatistics, unit: ForceUnit) -> JSONObject {
        let display = ForceDisplay(calibration: nil, unit: unit)
        let facts = assessment.facts
        func force(_ value: Double) -> Double { display.convert(stored: value, calibrated: facts.calibrated).rounded(decimals: 3) }
        var object = JSONObject()
        object.set("id", assessment.name)
        if let name = assessment.stableName { object.set("name", name) }
        object.set("start", Timestamp.rfc3339(milliseconds: facts.startedAtMilliseconds))
        if let subject = facts.subject { object.set("subject", subject) } else { object.setNull("subject") }
        object.set("device", facts.device)
        object.set("protocol", facts.protocolName)
        object.set("unit", facts.calibrated ? unit.rawValue : "raw")
        object.set("sd", "population")
        var attempts: [JSONObject] = []
        for attempt in assessment.attempts {
            var entry = JSONObject()
            entry.set("session", Int(attempt.session))
            if let name = attempt.name { entry.set("name", name) }
            entry.set("hand", attempt.hand.rawValue)
            entry.set("trial", attempt.trial)
            entry.set("attempt", attempt.attempt)
            entry.set("peak", force(attempt.peak))
            if let flag = attempt.flag { entry.set("flag", flag) } else { entry.setNull("flag") }
            attempts.append(entry)
        }
        object.set("attempts", attempts)
        for hand in [Hand.left, .right] {
            let figures = statistics.figures(hand)
            var entry = JSONObject()
            if let best = figures.best, let mean = figures.mean, let sd = figures.populationSD {
                entry.set("best", force(best))
                entry.set("mean", force(mean))
                entry.set("sd_population", force(sd))
                if let cv = figures.coefficientOfVariation { entry.set("cv_percent", cv.rounded(decimals: 3)) }
            }
            entry.set("counted", figures.peaks.count)
            object.set(hand.rawValue, entry)
        }
        if let difference = statistics.difference {
            object.set("difference_percent", difference.percent.rounded(decimals: 3))
            object.set("stronger", difference.stronger.rawValue)
        }
        if let ratio = statistics.dominanceRatio { object.set("dominance_ratio", ratio.rounded(decimals: 4)) }
        return object
    }
}
