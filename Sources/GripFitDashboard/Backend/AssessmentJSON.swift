import GripFitClinical
import GripFitCore
import GripFitExchange
import GripFitLive
import GripFitOutput
import GripFitRecords

/// What an assessment reports, as data the page renders without knowing any protocol: the protocol
/// (name, version, label, source), every figure with the statistic that made it ("Maximum of 6
/// trials", "Mean of 3 (right)"), a figure's caveat where it has one (the REG ratio's), and, for a
/// protocol whose cue asks for a held grip, each attempt's force–time measures. The words come
/// from the same ``GripProtocol`` data `show` and the report print, so the page cannot disagree.
enum AssessmentJSON {
    /// The `protocol`, `figures` and `trials` fields of the page's assessment, forces in `unit`
    /// (raw counts for an uncalibrated device).
    static func fields(_ view: ClinicalView, unit: ForceUnit) -> JSONObject {
        let facts = view.assessment.facts
        let display = ForceDisplay(calibration: nil, unit: unit)
        let calibrated = facts.calibrated
        let unitName = calibrated ? unit.rawValue : "raw"
        func force(_ stored: Double) -> Double { display.convert(stored: stored, calibrated: calibrated).rounded(decimals: 3) }
        func forceText(_ stored: Double) -> String { display.text(stored: stored, calibrated: calibrated) }
        let named = GripProtocol.named(facts.protocolName)
        var object = JSONObject()
        var about = JSONObject()
        about.set("name", facts.protocolName)
        if let version = facts.protocolVersion { about.set("version", version) } else { about.setNull("version") }
        about.set("title", facts.protocolTitle)
        about.set("label", named?.label ?? facts.protocolName)
        if let named {
            about.set("statistic", named.statistic.rawValue)
            about.set("source", named.source)
        }
        about.set("trials_per_hand", facts.trialsPerHand)
        about.set("first_hand", facts.firstHand.rawValue)
        about.set("rest", facts.restSeconds)
        object.set("protocol", about)
        object.set("unit", unitName)

        var figures: [JSONObject] = []
        for hand in [Hand.right, .left] {
            let counted = view.statistics.figures(hand)
            guard let best = counted.best, let mean = counted.mean else { continue }
            let trials = counted.peaks.count
            let named = trials == 1 ? [("Peak", best)] : [("Best", best), ("Mean", mean)]
            for (name, value) in named {
                var figure = JSONObject()
                figure.set("name", name)
                figure.set("hand", hand.rawValue)
                figure.set("value", force(value))
                figure.set("unit", unitName)
                figure.set("text", forceText(value))
                figure.set("statistic", "\(name) of \(trials) (\(hand.rawValue))")
                figures.append(figure)
            }
        }
        if let named {
            figures += view.protocolFigures.map { figure(named, $0, unit: unitName, force: force, text: forceText) }
        }
        object.set("figures", figures)
        object.set("trials", view.showsMeasures ? trials(view, unit: unit) : [])
        return object
    }

    /// One protocol figure: its name, hand, value (or why it has none) with its unit, the statistic
    /// that made it, and for the REG ratio the static maximum it is set beside, its caveat and source.
    private static func figure(
        _ named: GripProtocol,
        _ figure: GripProtocol.Figure,
        unit: String,
        force: (Double) -> Double,
        text: (Double) -> String
    ) -> JSONObject {
        var object = JSONObject()
        // "Result", "FR50", "Fatigue index", "REG/static ratio": a table's first column.
        let name = figure.measure == .result ? "Result" : figure.measure.rawValue
        object.set("name", name.prefix(1).uppercased() + name.dropFirst())
        if let hand = figure.hand { object.set("hand", hand.rawValue) } else { object.setNull("hand") }
        if let missing = figure.missing {
            object.setNull("value")
            object.set("missing", missing)
        } else {
            let isForce = figure.measure.unit == .force || figure.measure.unit == .forcePerTrial
            object.set("value", isForce ? force(figure.value) : figure.value.rounded(decimals: 4))
            object.set("text", GripProtocol.valueText(figure, format: text))
        }
        object.set("unit", Self.unit(figure.measure.unit, force: unit))
        object.set("statistic", statistic(figure))
        object.set("trials", figure.trials)
        if let hand = figure.hand, let reference = figure.comparedWith, let best = reference.best(hand) {
            object.set("compared_with", "static best \(text(best)) in \(reference.assessment)")
        }
        if figure.measure == .staticRatio {
            object.set("caveat", GripProtocol.rapidExchangeCaveat)
            object.set("source", named.source)
        }
        return object
    }

    /// The statistic beside a figure, in a few words: "Maximum of 6 trials", "Mean of 3 (right)",
    /// "Test trial (left)", "time from the peak to fall to 50 % of it, 1 trial (right)".
    static func statistic(_ figure: GripProtocol.Figure) -> String {
        let hand = figure.hand.map { " (\($0.rawValue))" } ?? ""
        let trials = "\(figure.trials) trial" + (figure.trials == 1 ? "" : "s")
        guard figure.measure == .result else { return figure.measure.definition + ", " + trials + hand }
        switch figure.statistic {
        case .maximumOfAll: return "Maximum of \(trials)" + hand
        case .meanPerHand: return "Mean of \(figure.trials)" + hand
        case .testTrial: return (figure.trials == 1 ? "Test trial" : "Best of \(figure.trials) test trials") + hand
        case .rapidExchange: return "Mean of \(figure.trials) rapid-exchange squeezes" + hand
        case .bestAndMean, .forceDecline, .fatigue: return figure.statistic.rawValue + ", " + trials + hand
        }
    }

    private static func unit(_ unit: GripProtocol.Measure.Unit, force: String) -> String {
        switch unit {
        case .force: force
        case .seconds: "s"
        case .percent: "%"
        case .forcePerTrial: force + "/trial"
        case .ratio: ""
        }
    }

    /// Every attempt, per hand in trial order, with its peak, its flag and its force–time measures
    /// as `show` prints them (``TrialMeasureField/phrase(_:unit:convert:)``).
    private static func trials(_ view: ClinicalView, unit: ForceUnit) -> [JSONObject] {
        let calibrated = view.assessment.facts.calibrated
        let display = ForceDisplay(calibration: nil, unit: unit)
        let unitName = calibrated ? unit.rawValue : "raw"
        let order = { (attempt: AssessmentAttempt) in (attempt.hand == .right ? 0 : 1, attempt.trial, attempt.attempt) }
        return view.assessment.attempts.sorted { order($0) < order($1) }.map { attempt in
            var object = JSONObject()
            object.set("hand", attempt.hand.rawValue)
            object.set("trial", attempt.trial)
            object.set("attempt", attempt.attempt)
            object.set("peak", display.convert(stored: attempt.peak, calibrated: calibrated).rounded(decimals: 3))
            object.set("text", display.text(stored: attempt.peak, calibrated: calibrated))
            if let flag = attempt.flag { object.set("flag", flag) } else { object.setNull("flag") }
            let measures = view.measures[attempt.session].map { measures in
                TrialMeasureField.allCases.map { field in
                    field.phrase(measures, unit: unitName) { display.convert(stored: $0, calibrated: calibrated) }
                }
            }
            object.set("measures", measures ?? [])
            return object
        }
    }
}
