import GripFitCore

/// How consistent a hand's trials were: the CV (population SD) with the threshold it is read against.
/// A figure, never a verdict on effort: CV cut-offs misclassify many maximal efforts (Ergonomics
/// 1995;38:1819-30), so the wording says "trial consistency", not "sincere effort".
public struct Consistency: Equatable, Sendable, CustomStringConvertible {
    /// The CV (%) often read as consistent trials (JTECH); `--consistency` may change it.
    public static let defaultThreshold = 15.0
    /// Thresholds a user may set, in %.
    public static let thresholdRange = 1.0...100.0

    public let coefficientOfVariation: Double
    public let threshold: Double

    public init(coefficientOfVariation: Double, threshold: Double) {
        self.coefficientOfVariation = coefficientOfVariation
        self.threshold = threshold
    }

    /// At or below the threshold.
    public var withinThreshold: Bool { coefficientOfVariation <= threshold }

    /// The threshold prints with the decimals it has ("15 %", "12.5 %"), as on the page.
    public var description: String {
        "CV \(coefficientOfVariation.formatted(decimals: 1)) % (population SD), "
            + (withinThreshold ? "within" : "above") + " the \(threshold.formatted(upToDecimals: 1)) % trial-consistency threshold"
    }
}
