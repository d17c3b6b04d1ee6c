/// What a session is remembered by (spec §3.4): the metrics, not the stream.
public struct SessionSummary: Equatable, Sendable, Codable {
    public var peak: Double
    public var peakTime: Double
    /// Mean over the active part: the readings inside reps. Zero when there was no rep.
    public var mean: Double
    /// First to last reading, in seconds.
    public var duration: Double
    /// Sum of rep durations.
    public var activeDuration: Double
    /// From the start of the rep that holds the peak to the peak.
    public var timeToPeak: Double
    /// Steepest rise over the RFD window, in unit/s.
    public var peakRFD: Double
    /// Force–time integral over the reps, in unit·s.
    public var impulse: Double
    public var reps: [RepSummary]
    public var sampleCount: Int
    public var gapCount: Int
    /// Seconds without readings because the link was down.
    public var gapDuration: Double
    /// The threshold the reps were detected with, in the analysed unit.
    public var threshold: Double

    public init(
        peak: Double,
        peakTime: Double,
        mean: Double,
        duration: Double,
        activeDuration: Double,
        timeToPeak: Double,
        peakRFD: Double,
        impulse: Double,
        reps: [RepSummary],
        sampleCount: Int,
        gapCount: Int,
        gapDuration: Double,
        threshold: Double
    ) {
        self.peak = peak
        self.peakTime = peakTime
        self.mean = mean
        self.duration = duration
        self.activeDuration = activeDuration
        self.timeToPeak = timeToPeak
        self.peakRFD = peakRFD
        self.impulse = impulse
        self.reps = reps
        self.sampleCount = sampleCount
        self.gapCount = gapCount
        self.gapDuration = gapDuration
        self.threshold = threshold
    }
}
