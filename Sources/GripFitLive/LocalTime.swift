import Foundation

/// Times for people: the local wall clock with its UTC offset (`2026-11-22 09:10:31 +01:00`), so
/// a time is unambiguous on screen and in a plot title. Files for machines keep RFC 3339 UTC.
public enum LocalTime {
    /// Without `seconds`, `2026-11-22 09:10 +01:00`, for a table that must fit a narrow terminal.
    public static func text(milliseconds: Int64, timeZone: TimeZone = .current, seconds: Bool = true) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.timeZone = timeZone
        formatter.dateFormat = seconds ? "yyyy-MM-dd HH:mm:ss xxx" : "yyyy-MM-dd HH:mm xxx"
        return formatter.string(from: Date(timeIntervalSince1970: Double(milliseconds) / 1000))
    }
}
