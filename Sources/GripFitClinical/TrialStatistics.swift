import GripFitCore

/// What an assessment reports from its counted trials: per hand the best, the mean, the population SD
/// and the CV; the left/right difference; the dominant/non-dominant ratio. Computed from the peaks each
/// time they are shown (the stored attempts are the one truth), never stored beside them.
public struct TrialStatistics: Equatable, Sendable {
    /// One hand's figures; nil fields when that hand has no counted trial.
    public struct HandFigures: Equatable, Sendable {
        /// The counted peaks, in trial order.
        public let peaks: [Double]

        public init(peaks: [Double]) {
            self.peaks = peaks
        }

        public var best: Double? { peaks.max() }

        public var mean: Double? {
            peaks.isEmpty ? nil : peaks.reduce(0, +) / Double(peaks.count)
        }

        /// The population SD (divided by n, not n - 1), as dynamometer software computes a hand's CV
        /// (JTECH, Jamar Smart); shown as "population SD" wherever it appears.
        public var populationSD: Double? {
            guard let mean else { return nil }
            let squares = peaks.map { ($0 - mean) * ($0 - mean) }.reduce(0, +)
            return (squares / Double(peaks.count)).squareRoot()
        }

        /// The coefficient of variation in %: population SD over the mean; nil for a mean of zero or
        /// less, and below two trials, whose spread is zero by construction, not a consistency.
        public var coefficientOfVariation: Double? {
            guard peaks.count >= Consistency.minimumTrials, let mean, let populationSD, mean > 0 else { return nil }
            return populationSD / mean * 100
        }
    }

    public let left: HandFigures
    public let right: HandFigures
    /// The subject's dominant hand, nil when unknown or ambidextrous.
    public let dominant: Hand?

    /// `peaks`: the counted attempts' peaks of each hand, in trial order (flagged attempts left out).
    public init(left: [Double], right: [Double], dominant: Hand?) {
        self.left = HandFigures(peaks: left)
        self.right = HandFigures(peaks: right)
        self.dominant = dominant
    }

    public func figures(_ hand: Hand) -> HandFigures {
        hand == .left ? left : right
    }

    /// The left/right difference in % of the stronger hand's best: the guided protocol's formula.
    public var difference: (percent: Double, stronger: Hand)? {
        guard let leftBest = left.best, let rightBest = right.best else { return nil }
        return GuidedProtocol.Summary.difference(left: leftBest, right: rightBest)
    }

    /// The dominant hand's best over the other's; nil unless the dominant hand is left or right
    /// and both hands have a best above zero.
    public var dominanceRatio: Double? {
        guard let dominant, let strong = figures(dominant).best, let weak = figures(dominant.other).best, weak > 0 else {
            return nil
        }
        return strong / weak
    }

    /// Each hand's trial consistency against `threshold` (%): "not assessed" below two counted trials;
    /// nil for a hand without one.
    public func consistency(_ hand: Hand, threshold: Double = Consistency.defaultThreshold) -> Consistency? {
        Consistency(peaks: figures(hand).peaks, threshold: threshold)
    }
}
