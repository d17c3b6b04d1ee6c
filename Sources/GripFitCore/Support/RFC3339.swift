/// The one text form of wall-clock times (history, export, import, `--since`, JSONL, reports):
/// RFC 3339 in UTC with milliseconds, parsed strictly on bytes without Foundation.
///
/// `parse` reads `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)` and a plain date `YYYY-MM-DD` (midnight
/// UTC), nothing before or after it. The fraction has 1 to 9 digits (nanoseconds; past milliseconds
/// it is truncated). Years are 0000–9999 of the proleptic Gregorian calendar, so every time
/// `format` writes, year 0000 included, parses back to the same millisecond, and anything else is
/// rejected rather than guessed.
public enum RFC3339 {
    public static let maximumFractionDigits = 9
    /// 0000-01-01T00:00:00.000Z … 9999-12-31T23:59:59.999Z, in milliseconds since 1970.
    public static let range: ClosedRange<Int64> = -62_167_219_200_000...253_402_300_799_999

    /// Milliseconds since 1970 UTC, or nil unless `text` is exactly one RFC 3339 time or date in `range`.
    public static func parse(_ text: String) -> Int64? {
        var scanner = Scanner(bytes: Array(text.utf8))
        guard let year = scanner.digits(4), scanner.skip("-"), let month = scanner.digits(2), scanner.skip("-"),
            let day = scanner.digits(2), (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day)
        else { return nil }
        let midnight = daysFromCivil(year: year, month: month, day: day) * 86_400_000
        if scanner.atEnd { return midnight }
        guard scanner.skip("T") || scanner.skip("t"), let hour = scanner.digits(2), scanner.skip(":"),
            let minute = scanner.digits(2), scanner.skip(":"), let second = scanner.digits(2),
            hour < 24, minute < 60, second < 60
        else { return nil }
        var milliseconds = midnight + Int64((hour * 60 + minute) * 60 + second) * 1000
        if scanner.skip(".") {
            let start = scanner.position
            var fraction: Int64 = 0
            while let digit = scanner.digits(1) {
                guard scanner.position - start <= maximumFractionDigits else { return nil }
                if scanner.position - start <= 3 { fraction = fraction * 10 + Int64(digit) }
            }
            let count = scanner.position - start
            guard count > 0 else { return nil }
            for _ in count..<max(count, 3) { fraction *= 10 }
            milliseconds += fraction
        }
        if scanner.skip("Z") || scanner.skip("z") {
            // UTC
        } else if let sign = scanner.sign(), let offsetHour = scanner.digits(2), scanner.skip(":"),
            let offsetMinute = scanner.digits(2), offsetHour < 24, offsetMinute < 60
        {
            milliseconds -= sign * Int64(offsetHour * 60 + offsetMinute) * 60_000
        } else {
            return nil
        }
        guard scanner.atEnd, range.contains(milliseconds) else { return nil }
        return milliseconds
    }

    /// `2026-11-22T04:10:31.123Z`. Times outside `range` (only a damaged file holds them) are
    /// clamped to its ends, so printing never traps.
    public static func format(milliseconds: Int64) -> String {
        let clamped = min(max(milliseconds, range.lowerBound), range.upperBound)
        let (days, remainder) = floorDivision(clamped, 86_400_000)
        let (year, month, day) = civilFromDays(days)
        let seconds = remainder / 1000
        return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T" + pad(seconds / 3600, 2) + ":"
            + pad(seconds / 60 % 60, 2) + ":" + pad(seconds % 60, 2) + "." + pad(remainder % 1000, 3) + "Z"
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }

    private static func floorDivision(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
        let remainder = value % divisor
        return remainder < 0 ? (value / divisor - 1, remainder + divisor) : (value / divisor, remainder)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 (H. Hinnant's `days_from_civil`).
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * Int64((month + 9) % 12) + 2) / 5 + Int64(day) - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

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

    private struct Scanner {
        let bytes: [UInt8]
        var position = 0

        var atEnd: Bool { position == bytes.count }

        mutating func skip(_ character: Unicode.Scalar) -> Bool {
            guard position < bytes.count, bytes[position] == UInt8(ascii: character) else { return false }
            position += 1
            return true
        }

        /// Exactly `count` ASCII digits.
        mutating func digits(_ count: Int) -> Int? {
            guard position + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[position..<position + count] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            position += count
            return value
        }

        mutating func sign() -> Int64? {
            if skip("+") { return 1 }
            if skip("-") { return -1 }
            return nil
        }
    }
}
