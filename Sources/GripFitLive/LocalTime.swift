import Foundation
import GripFitCore

/// Times for people: the local wall clock with its UTC offset (`2026-11-22 09:10:31 +01:00`), so
/// a time is unambiguous on screen and in a plot title. Files for machines keep RFC 3339 UTC.
public enum LocalTime {
    /// Without `seconds`, `2026-11-22 09:10 +01:00`, for a table that must fit a narrow terminal.
    /// Fields by ``CivilTime``'s arithmetic and the zone's offset at that instant: a table of
    /// 100,000 rows asks the zone 100,000 times, never builds a formatter.
    public static func text(milliseconds: Int64, timeZone: TimeZone = .current, seconds: Bool = true) -> String {
        let clamped = min(max(milliseconds, RFC3339.range.lowerBound), RFC3339.range.upperBound)
        let offset = Int64(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(clamped) / 1000)))
        let time = CivilTime(milliseconds: clamped + offset * 1000)
        let pad = CivilTime.pad
        var text = pad(time.year, 4) + "-" + pad(time.month, 2) + "-" + pad(time.day, 2) + " " + pad(time.hour, 2) + ":"
            + pad(time.minute, 2)
        if seconds { text += ":" + pad(time.second, 2) }
        let minutes = abs(offset) / 60
        return text + " " + (offset < 0 ? "-" : "+") + pad(minutes / 60, 2) + ":" + pad(minutes % 60, 2)
    }
}
