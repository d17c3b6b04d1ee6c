/// Watches a live stream for the most recent `span` of readings to be still enough to average:
/// the calibration steps wait on it instead of taking whatever arrives first.
public struct StableWindow: Sendable {
    public var span: Duration { window.span }
    public let minimumSamples: Int
    public let maximumStandardDeviation: Double
    /// The last spread seen, for the "not stable" message when the user gives up.
    public private(set) var lastStandardDeviation: Double?

    /// 20 ms readings over a 2 s span need 100 places of the 1,024.
    private var window: TimeWindow<Int32>

    public init(
        span: Duration = .seconds(2),
        minimumSamples: Int = 10,
        maximumStandardDeviation: Double = CalibrationFit.defaultMaximumStandardDeviation,
        capacity: Int = 1_024
    ) {
        self.window = TimeWindow(span: span, capacity: capacity)
        self.minimumSamples = minimumSamples
        self.maximumStandardDeviation = maximumStandardDeviation
    }

    /// Adds a reading; returns the averaged point once a full, stable span has been seen.
    public mutating func add(_ raw: Int32, at instant: MonotonicInstant) -> CalibrationPoint? {
        guard window.add(raw, at: instant) else { return nil }
        switch CalibrationFit.point(
            window.values,
            minimumSamples: minimumSamples,
            maximumStandardDeviation: maximumStandardDeviation
        )
        {
        case .success(let point):
            lastStandardDeviation = point.standardDeviation
            return point
        case .failure(.unstable(let deviation, _)):
            lastStandardDeviation = deviation
            return nil
        case .failure:
            return nil
        }
    }

    public mutating func reset() {
        window.reset()
        lastStandardDeviation = nil
    }
}
