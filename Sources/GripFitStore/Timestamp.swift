import Foundation
import GripFitCore

/// Wall-clock times as history, export and import write them: ``RFC3339`` (strict, bounded,
/// year 0000 to 9999) plus the clock, which the portable core does not read.
public enum Timestamp {
    public static func rfc3339(milliseconds: Int64) -> String {
        RFC3339.format(milliseconds: milliseconds)
    }

    /// `2026-11-22T04:10:31.123Z`, `2026-11-22T05:10:31+01:00`, or a plain date `2026-11-22` (UTC midnight).
    public static func parse(_ text: String) -> Int64? {
        RFC3339.parse(text)
    }

    public static func now() -> Int64 {
        milliseconds(Date())
    }

    /// Milliseconds since 1970 UTC, rounded down, so a time never reads as later than it was;
    /// clamped to ``RFC3339/range`` so a wild clock or a damaged value cannot trap.
    public static func milliseconds(_ date: Date) -> Int64 {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded(.down)
        guard !milliseconds.isNaN else { return 0 }
        return Int64(min(max(milliseconds, Double(RFC3339.range.lowerBound)), Double(RFC3339.range.upperBound)))
    }
}
