/// Watches the live force for a handle nobody is squeezing: the last `span` of readings all within
/// `tolerance` of each other. A guided trial cues "squeeze now" only then, so it is measured from rest.
public struct RestingHandle: Sendable {
    public var span: Duration { window.span }
    public let tolerance: Double

    /// 20 ms readings over a 1 s span need 50 places of the 512.
    private var window: TimeWindow<Double>

    public init(span: Duration, tolerance: Double) {
        self.window = TimeWindow(span: span, capacity: 512)
        self.tolerance = tolerance
    }

    /// Adds a reading; returns the mean of the window once a full span has stayed within the tolerance.
    public mutating func add(_ value: Double, at instant: MonotonicInstant) -> Double? {
        guard window.add(value, at: instant) else { return nil }
        var low = Double.infinity
        var high = -Double.infinity
        var sum = 0.0
        for sample in window.samples {
            low = min(low, sample.value)
            high = max(high, sample.value)
            sum += sample.value
        }
        guard high - low <= tolerance else { return nil }
        return sum / Double(window.samples.count)
    }

    public mutating func reset() {
        window.reset()
    }
}
