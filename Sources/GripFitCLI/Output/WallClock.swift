import Foundation
import GripFitCore
import GripFitLinux
import GripFitRecords
import GripFitStore

/// Maps monotonic instants to wall-clock time, anchored once, so output timestamps stay ordered
/// even if the system clock is stepped during a run.
struct WallClock: Sendable {
    private let anchorWall: Date
    private let anchorMonotonic: MonotonicInstant

    init(monotonic: MonotonicClock = MonotonicClock()) {
        anchorMonotonic = monotonic.now()
        anchorWall = Date()
    }

    func date(at instant: MonotonicInstant) -> Date {
        anchorWall.addingTimeInterval((instant - anchorMonotonic).seconds)
    }

    /// Milliseconds since 1970 at `instant`, as sessions are filed.
    func milliseconds(at instant: MonotonicInstant) -> Int64 {
        Timestamp.milliseconds(date(at: instant))
    }

    /// RFC 3339, UTC, milliseconds: `2026-11-22T04:10:31.123Z`, as ``RFC3339`` writes every time.
    static func rfc3339(_ date: Date) -> String {
        RFC3339.format(milliseconds: Timestamp.milliseconds(date))
    }
}
