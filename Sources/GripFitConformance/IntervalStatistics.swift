import GripFitCore

/// Figures of a reading stream, from the host's arrival times: how often readings came, how
/// evenly, and how many the device seems to have skipped.
///
/// The mean is the span over the intervals, so an occasional late notification (BLE delivers in
/// connection events) does not move it; jitter is each interval's distance from that mean.
/// Dropped samples are estimated from the span: the slots the usual interval fits into it, less
/// the readings seen. The usual interval is the mean of those between half and one and a half
/// times the overall mean, not the nominal interval, so a device that is merely slow is judged on
/// its rate, not also counted as dropping readings. Not the median: a stream delivered in BLE
/// connection events comes on their grid (every 90, 90 then 120 ms for 100 ms readings on a 30 ms
/// interval), whose median is short, and a host that reads late (a busy machine) gets the readings
/// it missed at once, near-zero intervals that would count readings that all came as missing. A
/// gap where readings are missing is longer than the band, so it stays out of the usual interval.
public struct IntervalStatistics: Equatable, Sendable {
    public let readings: Int
    public let meanInterval: Duration
    public let jitterP50: Duration
    public let jitterP99: Duration
    public let dropped: Int
    /// The readings the usual interval predicts for the span.
    public let expected: Int

    /// Nil with fewer than three readings: two intervals are the least that say anything.
    public init?(arrivals: [MonotonicInstant]) {
        guard arrivals.count >= 3, let first = arrivals.first, let last = arrivals.last, last > first else { return nil }
        let span = last - first
        let intervals = zip(arrivals.dropFirst(), arrivals).map { $0 - $1 }
        let mean = span / intervals.count
        let usual = intervals.filter { $0 * 2 >= mean && $0 * 2 <= mean * 3 }
        let pace = usual.isEmpty ? mean : usual.reduce(.zero, +) / usual.count
        var jitter = DurationPercentiles()
        for interval in intervals {
            jitter.record(interval > mean ? interval - mean : mean - interval)
        }
        readings = arrivals.count
        meanInterval = mean
        jitterP50 = .microseconds(Int64((jitter.milliseconds(at: 50) ?? 0) * 1000))
        jitterP99 = .microseconds(Int64((jitter.milliseconds(at: 99) ?? 0) * 1000))
        expected = pace > .zero ? Int((Double(span.nanoseconds) / Double(pace.nanoseconds)).rounded()) + 1 : arrivals.count
        dropped = max(0, expected - arrivals.count)
    }

    /// The mean interval's deviation from `nominal`, as a fraction (0.1 = 10 %).
    public func deviation(from nominal: Duration) -> Double {
        abs(meanInterval.milliseconds - nominal.milliseconds) / nominal.milliseconds
    }

    public func figures(prefix: String = "") -> [Figure] {
        [
            Figure(prefix + "readings", Double(readings)),
            Figure(prefix + "mean_interval", milliseconds: meanInterval),
            Figure(prefix + "jitter_p50", milliseconds: jitterP50),
            Figure(prefix + "jitter_p99", milliseconds: jitterP99),
            Figure(prefix + "dropped", Double(dropped)),
        ]
    }
}
