import GripFitClinical
import GripFitCore
import GripFitExchange
import GripFitLive
import GripFitOutput
import GripFitRecords
import GripFitStore

/// `history --assessments`: one line, CSV row or JSON object per assessment, newest first, with
/// its figures computed from its stored attempts and, in CSV and JSON, what they mean as `show`
/// reads them (``ClinicalView``, standard thresholds): the norm, the EWGSOP2 comparison and each
/// hand's trial consistency. Ids are written `A<n>`, apart from sessions'.
enum AssessmentListing {
    static let csvHeader = [
        "id", "start", "subject", "device", "protocol", "unit", "attempts", "flagged", "left_best", "left_mean", "left_sd_population",
        "left_cv_percent", "right_best", "right_mean", "right_sd_population", "right_cv_percent", "difference_percent", "stronger",
        "dominance_ratio", "protocol_version", "trial_measures", "protocol_figures", "norm_table", "norm_statistic", "norm_band",
        "norm_z", "norm_percentile", "norm", "ewgsop2", "left_consistency", "right_consistency",
    ]

    /// Each assessment read clinically, its subject's facts (sex, age, dominant hand) from `subjects`.
    /// `read`: the traces of an assessment whose protocol reads them and its attempts' force–time
    /// measures (``ClinicalViews/traces(of:in:measures:)``); a rapid-exchange run is read beside the
    /// others listed (its subject's latest static assessment).
    static func views(
        _ assessments: [StoredAssessment],
        subjects: [Subject],
        read: (StoredAssessment) throws -> (traces: [Int64: TrialTrace], measures: [Int64: TrialMeasures]) = { _ in ([:], [:]) }
    ) throws -> [ClinicalView] {
        try assessments.map { assessment in
            let traced = try read(assessment)
            return ClinicalView(
                assessment: assessment,
                subject: subjects.first { $0.code == assessment.facts.subject },
                others: GripProtocol.named(assessment.facts.protocolName)?.statistic == .rapidExchange ? assessments : [],
                timeZone: .current,
                traces: traced.traces,
                measures: traced.measures
            )
        }
    }

    /// The attempts in the order `show` lists them: left then right, by trial and attempt.
    private static func ordered(_ attempts: [AssessmentAttempt]) -> [AssessmentAttempt] {
        attempts.sorted { ($0.hand == .left ? 0 : 1, $0.trial, $0.attempt) < ($1.hand == .left ? 0 : 1, $1.trial, $1.attempt) }
    }

    /// Every attempt's measures in one CSV field: "left 1.1: time_to_peak_s=0.420, …; right 1.1: …",
    /// a measure the trace cannot give as `key=unavailable (reason)`; forces in `unit`.
    private static func measuresField(_ view: ClinicalView, unit: ForceUnit) -> String {
        let calibrated = view.assessment.facts.calibrated
        let name = calibrated ? unit.rawValue : "raw"
        return ordered(view.assessment.attempts).compactMap { attempt -> String? in
            guard let measures = view.measures[attempt.session] else { return nil }
            let pairs = TrialMeasureField.allCases.map { field in
                let key = field.key(unit: name)
                switch field.measure(measures) {
                case .unavailable(let reason): return "\(key)=unavailable (\(reason))"
                case .value(let value):
                    return "\(key)=\(shown(field, value, calibrated: calibrated, unit: unit).formatted(decimals: 3))"
                }
            }
            return "\(attempt.hand.rawValue) \(attempt.trial).\(attempt.attempt): " + pairs.joined(separator: ", ")
        }.joined(separator: "; ")
    }

    /// A measure in `unit` (forces, rates and impulses converted; seconds and per cent as they are).
    private static func shown(_ field: TrialMeasureField, _ value: Double, calibrated: Bool, unit: ForceUnit) -> Double {
        field.kind == .seconds || field.kind == .percent
            ? value : ForceDisplay(calibration: nil, unit: unit).convert(stored: value, calibrated: calibrated)
    }

    /// An attempt's measures as JSON: each key with its unit (``TrialMeasureField/key(unit:)``) and
    /// its value, or null with the reason under `unavailable`.
    private static func measuresJSON(_ measures: TrialMeasures, calibrated: Bool, unit: ForceUnit) -> JSONObject {
        let name = calibrated ? unit.rawValue : "raw"
        var object = JSONObject()
        var unavailable = JSONObject()
        for field in TrialMeasureField.allCases {
            let key = field.key(unit: name)
            switch field.measure(measures) {
            case .unavailable(let reason):
                object.setNull(key)
                unavailable.set(key, reason)
            case .value(let value):
                object.set(key, shown(field, value, calibrated: calibrated, unit: unit).rounded(decimals: 4))
            }
        }
        object.set("rfd_window_s", measures.rfdWindow)
        object.set("unavailable", unavailable)
        return object
    }

    /// What the table says when there is no assessment.
    static let noneYet = "No assessments yet. Run one with `gripfit-serial record --protocol standard`."

    /// One assessment in the table: its id, time and subject, then its figures indented.
    static func lines(_ view: ClinicalView, unit: ForceUnit) -> [String] {
        let (assessment, statistics) = (view.assessment, view.statistics)
        let subject = assessment.facts.subject.map { "  subject \(UntrustedText.escaped($0))" } ?? ""
        return ["\(assessment.name)  \(LocalTime.text(milliseconds: assessment.facts.startedAtMilliseconds))\(subject)"]
            + AssessmentText.figures(statistics, facts: assessment.facts, unit: unit, protocolFigures: view.protocolFigures)
            .map { "  " + $0 }
    }

    static func csvFields(_ view: ClinicalView, unit: ForceUnit) -> [String] {
        let (assessment, statistics) = (view.assessment, view.statistics)
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
            facts.protocolVersion.map(String.init) ?? "", CSVLine.text(measuresField(view, unit: unit)),
            CSVLine.text(figureLines(view, unit: unit).joined(separator: "; ")),
        ] + clinicalFields(view)
    }

    /// The norm's table, statistic, band, z and percentile (empty where it gave none), then the
    /// norm, EWGSOP2 and consistency lines as `show` prints them.
    private static func clinicalFields(_ view: ClinicalView) -> [String] {
        let lines = view.comparisonLines
        let placed: NormResult? = if case .placed(let result) = view.norm { result } else { nil }
        let consistency = [Hand.left, .right].map { view.consistency($0)?.description ?? "" }
        return [
            CSVLine.text(placed?.table ?? ""), CSVLine.text(placed?.statistic ?? ""), CSVLine.text(placed?.band ?? ""),
            placed.flatMap { $0.withinTable ? $0.z.formatted(decimals: 3) : nil } ?? "",
            placed.flatMap { $0.withinTable ? $0.percentile.formatted(decimals: 1) : nil } ?? "",
            CSVLine.text(lines[0]), CSVLine.text(lines[1]),
        ] + consistency.map(CSVLine.text)
    }

    /// The norm (placed: table, statistic, band, z and percentile within the table; else why not),
    /// the EWGSOP2 comparison and the lines `show` prints.
    private static func clinical(_ view: ClinicalView) -> (norm: JSONObject, ewgsop2: JSONObject) {
        var norm = JSONObject()
        switch view.norm {
        case .placed(let result):
            norm.set("placed", true)
            norm.set("table", result.table)
            norm.set("statistic", result.statistic)
            norm.set("best_kg", result.bestKg.rounded(decimals: 3))
            norm.set("band", result.band)
            if result.withinTable {
                norm.set("z", result.z.rounded(decimals: 4))
                norm.set("percentile", result.percentile.rounded(decimals: 2))
            }
        case .unavailable(let reasons):
            norm.set("placed", false)
            norm.set("missing", reasons.map(\.description))
        case nil:
            norm.set("placed", false)
            norm.set("missing", ["no counted trial"])
        }
        let lines = view.comparisonLines
        norm.set("text", lines[0])
        var ewgsop2 = JSONObject()
        switch view.ewgsop2 {
        case .below(let cutoff, let sex), .atOrAbove(let cutoff, let sex):
            let below = if case .below = view.ewgsop2 { true } else { false }
            ewgsop2.set("result", below ? "below" : "at_or_above")
            ewgsop2.set("cutoff_kg", cutoff)
            ewgsop2.set("sex", sex.rawValue)
        case .unavailable(let reasons):
            ewgsop2.set("result", "not_compared")
            ewgsop2.set("missing", reasons.map(\.description))
        case nil:
            ewgsop2.set("result", "not_compared")
            ewgsop2.set("missing", ["no counted trial"])
        }
        ewgsop2.set("text", lines[1])
        return (norm, ewgsop2)
    }

    /// A hand's trial consistency: assessed (CV, threshold, within) or not, as `show` words it.
    private static func consistency(_ consistency: Consistency) -> JSONObject {
        var object = JSONObject()
        object.set("assessed", consistency.coefficientOfVariation != nil)
        object.set("counted", consistency.countedTrials)
        object.set("threshold_percent", consistency.threshold)
        if let within = consistency.withinThreshold { object.set("within_threshold", within) }
        object.set("text", consistency.description)
        return object
    }

    static func json(_ view: ClinicalView, unit: ForceUnit) -> JSONObject {
        let (assessment, statistics) = (view.assessment, view.statistics)
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
        if let version = facts.protocolVersion { object.set("protocol_version", version) }
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
            if let measures = view.measures[attempt.session] {
                entry.set("measures", measuresJSON(measures, calibrated: facts.calibrated, unit: unit))
            }
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
            if let consistency = view.consistency(hand) { entry.set("consistency", Self.consistency(consistency)) }
            object.set(hand.rawValue, entry)
        }
        if let difference = statistics.difference {
            object.set("difference_percent", difference.percent.rounded(decimals: 3))
            object.set("stronger", difference.stronger.rawValue)
        }
        if let ratio = statistics.dominanceRatio { object.set("dominance_ratio", ratio.rounded(decimals: 4)) }
        let (norm, ewgsop2) = clinical(view)
        object.set("norm", norm)
        object.set("ewgsop2", ewgsop2)
        object.set("clinical_lines", view.clinicalLines)
        if !view.protocolFigures.isEmpty { object.set("figures", figures(view, unit: unit)) }
        return object
    }

    /// The protocol's figure lines as `show` prints them (``GripProtocol/resultLine(_:format:)``).
    static func figureLines(_ view: ClinicalView, unit: ForceUnit) -> [String] {
        guard let named = GripProtocol.named(view.assessment.facts.protocolName) else { return [] }
        let display = ForceDisplay(calibration: nil, unit: unit)
        let calibrated = view.assessment.facts.calibrated
        return view.protocolFigures.map { named.resultLine($0) { display.text(stored: $0, calibrated: calibrated) } }
    }

    /// Each protocol figure as numbers: what it measures, the statistic (its definition), hand, value
    /// in its unit or why it has none, the trials behind it and the line `show` prints.
    private static func figures(_ view: ClinicalView, unit: ForceUnit) -> [JSONObject] {
        let display = ForceDisplay(calibration: nil, unit: unit)
        let calibrated = view.assessment.facts.calibrated
        let force = calibrated ? unit.rawValue : "raw"
        return zip(view.protocolFigures, figureLines(view, unit: unit)).map { figure, line in
            var object = JSONObject()
            object.set("measure", figure.measure.rawValue)
            if let hand = figure.hand { object.set("hand", hand.rawValue) } else { object.setNull("hand") }
            object.set("statistic", figure.measure == .result ? figure.statistic.rawValue : figure.measure.definition)
            let (value, unitName): (Double, String) =
                switch figure.measure.unit {
                case .force: (display.convert(stored: figure.value, calibrated: calibrated), force)
                case .forcePerTrial: (display.convert(stored: figure.value, calibrated: calibrated), force + "/trial")
                case .seconds: (figure.value, "s")
                case .percent: (figure.value, "%")
                case .ratio: (figure.value, "ratio")
                }
            if let missing = figure.missing {
                object.setNull("value")
                object.set("missing", missing)
            } else {
                object.set("value", value.rounded(decimals: 3))
            }
            object.set("unit", unitName)
            object.set("trials", figure.trials)
            object.set("text", line)
            return object
        }
    }
}
