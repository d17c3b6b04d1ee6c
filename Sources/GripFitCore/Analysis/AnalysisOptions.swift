/// The knobs of ``GripAnalysis``, with the defaults force-gauge users expect.
public struct AnalysisOptions: Equatable, Sendable {
    public var threshold: RepThreshold
    /// A rep ends below `threshold × exitFraction`; 0.4 as in the sister apps.
    public var exitFraction: Double
    /// The rate of force development window, in seconds.
    public var rfdWindow: Double

    public init(threshold: RepThreshold = .uncalibrated, exitFraction: Double = 0.4, rfdWindow: Double = 0.1) {
        self.threshold = threshold
        self.exitFraction = exitFraction
        self.rfdWindow = rfdWindow
    }
}
