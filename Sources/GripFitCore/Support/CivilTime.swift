/// A time's calendar fields in the proleptic Gregorian calendar, by arithmetic alone: what
/// ``RFC3339`` writes in UTC and what the CLI shows in local time, without a formatter per value
/// (a `DateFormatter` a row cost `history` 0.7 ms a row).
public struct CivilTime: Equatable, Sendable {
    public var year: Int64
    public var month: Int64
    public var day: Int64
    public var hour: Int64
    public var minute: Int64
    public var second: Int64
    public var millisecond: Int64

    /// The fields of `milliseconds` since 1970 at UTC; a local time is the same with its offset added.
    public init(milliseconds: Int64) {
        let (days, remainder) = Self.floorDivision(milliseconds, 86_400_000)
        (year, month, day) = Self.civilFromDays(days)
        let seconds = remainder / 1000
        hour = seconds / 3600
        minute = seconds / 60 % 60
        second = seconds % 60
        millisecond = remainder % 1000
    }

    /// `value` with at least `width` digits, zeros in front.
    public static func pad(_ value: Int64, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }

    private static func floorDivision(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
        let remainder = value % divisor
        return remainder < 0 ? (value / divisor - 1, remainder + divisor) : (value / divisor, remainder)
    }

    /// Days since 1970-01-01 (H. Hinnant's `days_from_civil`).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * Int64((month + 9) % 12) + 2) / 5 + Int64(day) - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// H. Hinnant's `civil_from_days`.
    private static func civilFromDays(_ days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
