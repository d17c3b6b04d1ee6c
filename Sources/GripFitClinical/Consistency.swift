import GripFitCore

/// How consistent a hand's trials were: the CV (population SD) with the threshold it is read against.
/// A figure, never a verdict on effort: CV cut-offs misclassify many maximal efforts (Ergonomics
/// 1995;38:1819-30), so the wording says "trial consistency", not "sincere effort". One trial has
/// no spread to measure (its CV would read 0 %, "within" any threshold), so below
/// ``minimumTrials`` the hand is "not assessed"; a CV from two trials says it rests on two.
public struct Consistency: Equatable, Sendable, CustomStringConvertible {
    /// The CV (%) often read as consistent trials (JTECH); `--consistency` may change it.
    public static let defaultThreshold = 15.0
    /// Thresholds a user may set, in %.
    public static let thresholdRange = 1.0...100.0
    /// The fewest counted trials a CV is computed from.
    public static let minimumTrials = 2

    public let countedTrials: Int
    /// Nil when the hand was not assessed: fewer than ``minimumTrials`` counted trials.
    public let coefficientOfVariation: Double?
    public let threshold: Double

    /// The consistency of `peaks` (a hand's counted trials); nil without a trial or with a mean of
    /// zero or less (raw counts of an empty handle), where a CV means nothing.
    public init?(peaks: [Double], threshold: Double) {
        let figures = TrialStatistics.HandFigures(peaks: peaks)
        guard let mean = figures.mean, mean > 0 else { return nil }
        self.init(countedTrials: peaks.count, coefficientOfVariation: figures.coefficientOfVariation, threshold: threshold)
    }

    public init(countedTrials: Int, coefficientOfVariation: Double?, threshold: Double) {
        self.countedTrials = countedTrials
        self.coefficientOfVariation = countedTrials < Self.minimumTrials ? nil : coefficientOfVariation
        self.threshold = threshold
    }

    /// At or below the threshold; nil when not assessed.
    public var withinThreshold: Bool? { coefficientOfVariation.map { $0 <= threshold } }

    /// "not assessed (1 counted trial)", "CV 3.0 % (population SD of 2 counted trials only), within
    /// the 15 % trial-consistency threshold", or, from three trials on, "CV 5.1 % (population SD), …".
    /// The threshold prints with the decimals it has ("15 %", "12.5 %"), as on the page.
    public var description: String {
        guard let coefficientOfVariation, let withinThreshold else {
            return "not assessed (\(countedTrials) counted trial\(countedTrials == 1 ? "" : "s"))"
        }
        let basis = countedTrials == Self.minimumTrials ? "population SD of \(countedTrials) counted trials only" : "population SD"
        return "CV \(coefficientOfVariation.formatted(decimals: 1)) % (\(basis)), " + (withinThreshold ? "within" : "above")
            + " the \(threshold.formatted(upToDecimals: 1)) % trial-consistency threshold"
    }
}
