import Foundation
import GripFitCore
import GripFitLinux

/// Maps monotonic instants to wall-clock time, anchored once, so output timestamps stay ordered
/// even if the system clock is stepped during a run.
public struct WallClock: Sendable {
    private let anchorWall: Date
    private let anchorMonotonic: MonotonicInstant

    public init(monotonic: MonotonicClock = MonotonicClock()) {
        anchorMonotonic = monotonic.now()
        anchorWall = Date()
    }

    public func date(at instant: MonotonicInstant) -> Date {
        anchorWall.addingTimeInterval(Double((instant - anchorMonotonic).nanoseconds) / 1e9)
    }

    /// RFC 3339, UTC, milliseconds: `2026-11-22T04:10:31.123Z`.
    public static func rfc3339(_ date: Date) -> String {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded(.down)
        return RFC3339.format(milliseconds: Int64(exactly: milliseconds) ?? (milliseconds < 0 ? .min : .max))
    }
}
