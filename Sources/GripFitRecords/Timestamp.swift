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

    /// For people: the local wall clock with its UTC offset, `2026-11-22 09:10:31 +01:00` (without
    /// `seconds`, `2026-11-22 09:10 +01:00`), the one form every time a person reads takes (the CLI's
    /// `LocalTime`, a report's calibration time). Fields by ``CivilTime``'s arithmetic and the zone's
    /// offset at that instant: a table of 100,000 rows asks the zone 100,000 times, never builds a formatter.
    public static func local(milliseconds: Int64, timeZone: TimeZone, seconds: Bool = true) -> String {
        let clamped = min(max(milliseconds, RFC3339.range.lowerBound), RFC3339.range.upperBound)
        let offset = Int64(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(clamped) / 1000)))
        let time = CivilTime(milliseconds: clamped + offset * 1000)
        let pad = CivilTime.pad
        var text =
            pad(time.year, 4) + "-" + pad(time.month, 2) + "-" + pad(time.day, 2) + " " + pad(time.hour, 2) + ":"
            + pad(time.minute, 2)
        if seconds { text += ":" + pad(time.second, 2) }
        let minutes = abs(offset) / 60
        return text + " " + (offset < 0 ? "-" : "+") + pad(minutes / 60, 2) + ":" + pad(minutes % 60, 2)
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
