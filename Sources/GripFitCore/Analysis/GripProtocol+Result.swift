extension GripProtocol {
    /// One figure of a protocol's result: its value, the statistic that made it, the hand it is of
    /// (nil: either hand) and how many counted trials it came from. `measure` says what the value is
    /// (a force unless a fatigue or rapid-exchange measure); `missing` replaces a value that could
    /// not be had ("did not fall to 25 % within 30 s"); `comparedWith` is a ratio's static maximum.
    public struct Figure: Equatable, Sendable {
        public var hand: Hand?
        public var value: Double
        public var statistic: Statistic
        public var trials: Int
        public var measure: Measure
        public var missing: String?
        public var comparedWith: StaticMaximum?

        public init(
            hand: Hand?,
            value: Double,
            statistic: Statistic,
            trials: Int,
            measure: Measure = .result,
            missing: String? = nil,
            comparedWith: StaticMaximum? = nil
        ) {
            self.hand = hand
            self.value = value
            self.statistic = statistic
            self.trials = trials
            self.measure = measure
            self.missing = missing
            self.comparedWith = comparedWith
        }
    }

    /// One counted test trial as a figure reads it: its hand, number, peak and, for a protocol that
    /// reads the curve (``needsTraces``), its trace.
    public struct TrialPeak: Equatable, Sendable {
        public var hand: Hand
        public var number: Int
        public var peak: Double
        public var trace: TrialTrace?

        public init(hand: Hand, number: Int, peak: Double, trace: TrialTrace? = nil) {
            self.hand = hand
            self.number = number
            self.peak = peak
            self.trace = trace
        }
    }

    /// The static maximum a rapid-exchange run is set beside: each hand's best counted trial in the
    /// subject's latest static assessment, named as outputs name it ("A3, southampton v1").
    public struct StaticMaximum: Equatable, Sendable {
        public var assessment: String
        public var left: Double?
        public var right: Double?

        public init(assessment: String, left: Double?, right: Double?) {
            self.assessment = assessment
            self.left = left
            self.right = right
        }

        public func best(_ hand: Hand) -> Double? { hand == .left ? left : right }
    }

    /// Whether its figures read each trial's curve, not only its peak.
    public var needsTraces: Bool { statistic == .forceDecline }

    /// The protocol's result from each hand's counted test-trial peaks (in trial order). Empty for
    /// ``Statistic/bestAndMean``, whose best and mean per hand the best/mean table already gives.
    public func result(left: [Double], right: [Double]) -> [Figure] {
        let trials = [(Hand.right, right), (.left, left)].flatMap { hand, peaks in
            peaks.enumerated().map { TrialPeak(hand: hand, number: $0.offset + 1, peak: $0.element) }
        }
        return figures(trials, staticMaximum: nil)
    }

    /// Every figure of the protocol from its counted test trials (any order): the one computation
    /// `show`, the report, FHIR, the exports and the live summary share. Hands without a trial give
    /// none; a figure that cannot be had says why in ``Figure/missing``. `staticMaximum`: for a
    /// rapid-exchange run, the subject's latest static assessment, nil when there is none.
    public func figures(_ trials: [TrialPeak], staticMaximum: StaticMaximum?) -> [Figure] {
        let byHand = [Hand.right, .left].map { hand in (hand, trials.filter { $0.hand == hand }.sorted { $0.number < $1.number }) }
        func perHand(_ make: (Hand, [TrialPeak]) -> [Figure]) -> [Figure] {
            byHand.flatMap { hand, counted in counted.isEmpty ? [] : make(hand, counted) }
        }
        switch statistic {
        case .bestAndMean:
            return []
        case .maximumOfAll:
            guard let maximum = trials.map(\.peak).max() else { return [] }
            return [Figure(hand: nil, value: maximum, statistic: statistic, trials: trials.count)]
        case .meanPerHand:
            return perHand { hand, counted in [Figure(hand: hand, value: Self.mean(counted), statistic: statistic, trials: counted.count)] }
        case .testTrial:
            return perHand { hand, counted in
                [Figure(hand: hand, value: counted.map(\.peak).max() ?? 0, statistic: statistic, trials: counted.count)]
            }
        case .forceDecline:
            return perHand { hand, counted in declines(hand, counted[0]) }
        case .fatigue:
            return perHand { hand, counted in fatigue(hand, counted) }
        case .rapidExchange:
            return perHand { hand, counted in
                let mean = Self.mean(counted)
                var ratio = Figure(hand: hand, value: 0, statistic: statistic, trials: counted.count, measure: .staticRatio)
                if let staticMaximum, let best = staticMaximum.best(hand), best > 0 {
                    ratio.value = mean / best
                    ratio.comparedWith = staticMaximum
                } else {
                    ratio.missing = "no static assessment of this subject with this hand to compare with"
                }
                return [Figure(hand: hand, value: mean, statistic: statistic, trials: counted.count), ratio]
            }
        }
    }

    /// FR75, FR50 and FR25 of the hand's held grip (its first counted trial).
    private func declines(_ hand: Hand, _ trial: TrialPeak) -> [Figure] {
        [Measure.fr75, .fr50, .fr25].map { measure in
            var figure = Figure(hand: hand, value: 0, statistic: statistic, trials: 1, measure: measure)
            let percent = Int((measure.fraction ?? 0) * 100)
            guard let trace = trial.trace else {
                figure.missing = "its trace was not read"
                return figure
            }
            switch ForceDecline.time(toFallTo: measure.fraction ?? 0, in: trace) {
            case .seconds(let seconds):
                figure.value = seconds
            case .notReached:
                // The cut-off as recorded: the trial's length from the cue, in whole seconds.
                let recorded = Int((trace.samples.last?.time ?? 0).rounded())
                figure.missing = "did not fall to \(percent) % within \(recorded) s"
            case .duringGap(let from, let to):
                figure.missing =
                    "fell to \(percent) % during a link gap, between \(from.formatted(decimals: 2)) and "
                    + "\(to.formatted(decimals: 2)) s after the peak"
            }
            return figure
        }
    }

    /// The fatigue index of the first and last counted trials and the least-squares slope of the peaks over trial numbers.
    private func fatigue(_ hand: Hand, _ counted: [TrialPeak]) -> [Figure] {
        var index = Figure(hand: hand, value: 0, statistic: statistic, trials: counted.count, measure: .fatigueIndex)
        var slope = Figure(hand: hand, value: 0, statistic: statistic, trials: counted.count, measure: .peakSlope)
        guard counted.count >= 2, let first = counted.first?.peak, let last = counted.last?.peak, first > 0 else {
            index.missing = "needs two counted trials with a force"
            slope.missing = index.missing
            return [index, slope]
        }
        index.value = (first - last) / first * 100
        let xs = counted.map { Double($0.number) }
        let ys = counted.map(\.peak)
        let (meanX, meanY) = (xs.reduce(0, +) / Double(xs.count), ys.reduce(0, +) / Double(ys.count))
        let sxx = xs.reduce(0) { $0 + ($1 - meanX) * ($1 - meanX) }
        let sxy = zip(xs, ys).reduce(0) { $0 + ($1.0 - meanX) * ($1.1 - meanY) }
        slope.value = sxx > 0 ? sxy / sxx : 0
        return [index, slope]
    }

    private static func mean(_ trials: [TrialPeak]) -> Double {
        trials.map(\.peak).reduce(0, +) / Double(max(1, trials.count))
    }

    /// "result (southampton v1, maximum of all trials, either hand): 42.0 kg from 6 trials", with
    /// `format` writing a force in the run's unit; another measure names itself and its definition
    /// ("FR50, right hand (sustained v1, time from the peak to fall to 50 % of it): 8.34 s from 1 trial").
    public func resultLine(_ figure: Figure, format: (Double) -> String) -> String {
        let hand = figure.hand.map { ", \($0.rawValue) hand" } ?? ""
        let definition = figure.measure == .result ? figure.statistic.rawValue : figure.measure.definition
        var line = "\(figure.measure.rawValue)\(hand) (\(title), \(definition)): "
        if let missing = figure.missing {
            line += missing
        } else {
            line += Self.valueText(figure, format: format) + " from \(figure.trials) " + (figure.trials == 1 ? "trial" : "trials")
        }
        if let hand = figure.hand, let reference = figure.comparedWith, let best = reference.best(hand) {
            line += "; static best \(format(best)) in \(reference.assessment)"
        }
        if figure.measure == .staticRatio { line += "; " + Self.rapidExchangeCaveat }
        return line
    }

    /// A figure's number with its unit: "8.34 s", "25.0 %", "-0.82 kg/trial", "0.65".
    public static func valueText(_ figure: Figure, format: (Double) -> String) -> String {
        switch figure.measure.unit {
        case .force: format(figure.value)
        case .seconds: "\(figure.value.formatted(decimals: 2)) s"
        case .percent: "\(figure.value.formatted(decimals: 1)) %"
        case .forcePerTrial: "\(format(figure.value))/trial"
        case .ratio: figure.value.formatted(decimals: 2)
        }
    }
}
