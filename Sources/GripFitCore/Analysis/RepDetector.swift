/// Squeeze detection with hysteresis, as the sister apps' RepDetector: a rep starts above
/// `threshold` and ends below `threshold × exitFraction`, so noise around one level cannot split
/// a squeeze into many.
public struct RepDetector: Sendable {
    public let threshold: Double
    public let exitFraction: Double

    private var current: Accumulator?

    private struct Accumulator: Sendable {
        var start: Double
        var last: ForceSample
        var peak: ForceSample
        var impulse = 0.0
        var sum: Double
        var count = 1
    }

    public init(threshold: Double, exitFraction: Double = 0.4) {
        self.threshold = threshold
        self.exitFraction = exitFraction
    }

    public var inRep: Bool { current != nil }

    /// Feeds the next reading; returns a rep when this reading ends one.
    public mutating func add(_ sample: ForceSample) -> RepSummary? {
        guard var rep = current else {
            if sample.value > threshold {
                current = Accumulator(start: sample.time, last: sample, peak: sample, sum: sample.value)
            }
            return nil
        }
        if sample.value < threshold * exitFraction {
            current = nil
            return summary(of: rep, interrupted: false)
        }
        rep.impulse += (sample.time - rep.last.time) * (sample.value + rep.last.value) / 2
        rep.sum += sample.value
        rep.count += 1
        if sample.value > rep.peak.value { rep.peak = sample }
        rep.last = sample
        current = rep
        return nil
    }

    /// Ends a rep the link loss or the end of the recording cut short.
    public mutating func interrupt() -> RepSummary? {
        guard let rep = current else { return nil }
        current = nil
        return summary(of: rep, interrupted: true)
    }

    private func summary(of rep: Accumulator, interrupted: Bool) -> RepSummary {
        RepSummary(
            start: rep.start,
            end: rep.last.time,
            peak: rep.peak.value,
            peakTime: rep.peak.time,
            impulse: rep.impulse,
            mean: rep.sum / Double(rep.count),
            sampleCount: rep.count,
            interrupted: interrupted
        )
    }
}
