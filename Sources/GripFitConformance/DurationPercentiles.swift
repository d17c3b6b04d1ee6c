import GripFitCore
import Histogram

/// Percentiles of a set of durations, through an HdrHistogram at microsecond resolution (three
/// significant digits), so p99 is exact enough without keeping or sorting every sample.
public struct DurationPercentiles: Sendable {
    private var histogram = Histogram<UInt64>(highestTrackableValue: 3_600_000_000, numberOfSignificantValueDigits: .three)

    public init() {}

    public init(_ durations: some Sequence<Duration>) {
        for duration in durations { record(duration) }
    }

    public var count: Int { Int(histogram.totalCount) }

    /// Negative durations count as zero; they cannot happen between ordered timestamps.
    public mutating func record(_ duration: Duration) {
        histogram.record(UInt64(max(0, duration.nanoseconds / 1000)))
    }

    /// The value at `percentile` (0–100) in milliseconds; nil when nothing was recorded.
    public func milliseconds(at percentile: Double) -> Double? {
        guard histogram.totalCount > 0 else { return nil }
        return Double(histogram.valueAtPercentile(percentile)) / 1000
    }
}
