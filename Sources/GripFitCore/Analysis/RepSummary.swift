/// One squeeze, from the first reading above the threshold to the last one before release.
public struct RepSummary: Equatable, Sendable, Codable {
    public var start: Double
    public var end: Double
    public var peak: Double
    public var peakTime: Double
    /// Force–time integral over the rep (trapezoids), in unit·s.
    public var impulse: Double
    /// Mean of the rep's readings.
    public var mean: Double
    public var sampleCount: Int
    /// The rep was cut by a link loss or the end of the recording, not by a release.
    public var interrupted: Bool

    public init(
        start: Double,
        end: Double,
        peak: Double,
        peakTime: Double,
        impulse: Double,
        mean: Double,
        sampleCount: Int,
        interrupted: Bool
    ) {
        self.start = start
        self.end = end
        self.peak = peak
        self.peakTime = peakTime
        self.impulse = impulse
        self.mean = mean
        self.sampleCount = sampleCount
        self.interrupted = interrupted
    }

    public var duration: Double { end - start }
}
