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
        let milliseconds = millisecondsSince1970(date)
        return rfc3339Second(milliseconds / 1000) + ".\(pad(Int32(milliseconds % 1000), 3))Z"
    }

    static func millisecondsSince1970(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
    }

    /// `2026-11-22T04:10:31`: the part of a timestamp that changes once a second, which
    /// ``TimestampCache`` keeps.
    static func rfc3339Second(_ second: Int64) -> String {
        var seconds = time_t(second)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return "\(pad(parts.tm_year + 1900, 4))-\(pad(parts.tm_mon + 1, 2))-\(pad(parts.tm_mday, 2))"
            + "T\(pad(parts.tm_hour, 2)):\(pad(parts.tm_min, 2)):\(pad(parts.tm_sec, 2))"
    }

    private static func pad(_ value: Int32, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
