import Foundation
import GripFitCore
import GripFitRecords

/// Times for people: the local wall clock with its UTC offset (`2026-11-22 09:10:31 +01:00`), so
/// a time is unambiguous on screen and in a plot title. Files for machines keep RFC 3339 UTC.
public enum LocalTime {
    /// Without `seconds`, `2026-11-22 09:10 +01:00`, for a table that must fit a narrow terminal.
    /// Fields by ``CivilTime``'s arithmetic and the zone's offset at that instant: a table of
    /// 100,000 rows asks the zone 100,000 times, never builds a formatter.
    public static func text(milliseconds: Int64, timeZone: TimeZone = .current, seconds: Bool = true) -> String {
        Timestamp.local(milliseconds: milliseconds, timeZone: timeZone, seconds: seconds)
    }
}
