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
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        var seconds = time_t(milliseconds / 1000)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func pad(_ value: Int32, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(parts.tm_year + 1900, 4))-\(pad(parts.tm_mon + 1, 2))-\(pad(parts.tm_mday, 2))"
            + "T\(pad(parts.tm_hour, 2)):\(pad(parts.tm_min, 2)):\(pad(parts.tm_sec, 2))"
            + ".\(pad(Int32(milliseconds % 1000), 3))Z"
    }
}
