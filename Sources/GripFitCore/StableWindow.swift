/// Watches a live stream for the most recent `span` of readings to be still enough to average:
/// the calibration steps wait on it instead of taking whatever arrives first.
public struct StableWindow: Sendable {
    public let span: Duration
    public let minimumSamples: Int
    public let maximumStandardDeviation: Double
    /// The last spread seen, for the "not stable" message when the user gives up.
    public private(set) var lastStandardDeviation: Double?

    private var samples: [(instant: MonotonicInstant, raw: Int32)] = []
    /// Bounds memory whatever the sample rate: 20 ms readings over a 2 s span need 100.
    private let capacity: Int

    public init(
        span: Duration = .seconds(2),
        minimumSamples: Int = 10,
        maximumStandardDeviation: Double = CalibrationFit.defaultMaximumStandardDeviation,
        capacity: Int = 1_024
    ) {
        self.span = span
        self.minimumSamples = minimumSamples
        self.maximumStandardDeviation = maximumStandardDeviation
        self.capacity = capacity
    }

    /// Adds a reading; returns the averaged point once a full, stable span has been seen.
    public mutating func add(_ raw: Int32, at instant: MonotonicInstant) -> CalibrationPoint? {
        samples.append((instant, raw))
        while let first = samples.first, instant - first.instant > span || samples.count > capacity {
            samples.removeFirst()
        }
        guard let first = samples.first, instant - first.instant >= span - .milliseconds(150) else { return nil }
        switch CalibrationFit.point(
            samples.map(\.raw), minimumSamples: minimumSamples, maximumStandardDeviation: maximumStandardDeviation)
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
        samples.removeAll(keepingCapacity: true)
        lastStandardDeviation = nil
    }
}
