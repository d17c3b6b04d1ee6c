/// A point on a monotonic clock the caller supplies. The core never reads a clock itself, so tests
/// drive time by hand and the same code runs against CLOCK_MONOTONIC in production.
public struct MonotonicInstant: Comparable, Hashable, Sendable, CustomStringConvertible {
    public var nanoseconds: Int64

    public init(nanoseconds: Int64) {
        self.nanoseconds = nanoseconds
    }

    public static let zero = MonotonicInstant(nanoseconds: 0)

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.nanoseconds < rhs.nanoseconds }

    /// Saturating: a deadline centuries away is "never", not a trap.
    public static func + (lhs: Self, rhs: Duration) -> Self {
        Self(nanoseconds: saturating(lhs.nanoseconds.addingReportingOverflow(rhs.nanoseconds), sign: rhs.nanoseconds))
    }

    public static func - (lhs: Self, rhs: Self) -> Duration {
        .nanoseconds(saturating(lhs.nanoseconds.subtractingReportingOverflow(rhs.nanoseconds), sign: -rhs.nanoseconds))
    }

    private static func saturating(_ result: (partialValue: Int64, overflow: Bool), sign: Int64) -> Int64 {
        guard result.overflow else { return result.partialValue }
        return sign >= 0 ? .max : .min
    }

    /// The earlier of two optional instants, nil only when both are: for wake-up times computed
    /// in a loop, without building an array to take its minimum.
    public static func earliest(_ a: Self?, _ b: Self?) -> Self? {
        guard let a else { return b }
        guard let b else { return a }
        return min(a, b)
    }

    public var description: String { "\(Duration.nanoseconds(nanoseconds).seconds)s" }
}
