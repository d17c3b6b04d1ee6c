/// Watches the live force for a handle nobody is squeezing: the last `span` of readings all within
/// `tolerance` of each other. A guided trial cues "squeeze now" only then, so it is measured from rest.
public struct RestingHandle: Sendable {
    public let span: Duration
    public let tolerance: Double

    private var samples: [(instant: MonotonicInstant, value: Double)] = []
    /// Bounds memory whatever the sample rate: 20 ms readings over a 1 s span need 50.
    private let capacity = 512

    public init(span: Duration, tolerance: Double) {
        self.span = span
        self.tolerance = tolerance
    }

    /// Adds a reading; returns the mean of the window once a full span has stayed within the tolerance.
    public mutating func add(_ value: Double, at instant: MonotonicInstant) -> Double? {
        samples.append((instant, value))
        while let first = samples.first, instant - first.instant > span || samples.count > capacity {
            samples.removeFirst()
        }
        // A reading period's worth of slack: at 100 ms the window holds readings 0.9 s apart.
        guard let first = samples.first, instant - first.instant >= span - .milliseconds(150) else { return nil }
        var low = Double.infinity
        var high = -Double.infinity
        var sum = 0.0
        for sample in samples {
            low = min(low, sample.value)
            high = max(high, sample.value)
            sum += sample.value
        }
        guard high - low <= tolerance else { return nil }
        return sum / Double(samples.count)
    }

    public mutating func reset() {
        samples.removeAll(keepingCapacity: true)
    }
}
