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
        Int64((Date().timeIntervalSince1970 * 1000).rounded(.down))
    }
}
