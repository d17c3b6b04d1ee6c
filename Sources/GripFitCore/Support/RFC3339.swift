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
        let midnight = CivilTime.daysFromCivil(year: year, month: month, day: day) * 86_400_000
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
    /// Written into its 24 bytes in place: a listing formats one per row, and joining sixteen small
    /// strings was a tenth of `history --json`'s time.
    public static func format(milliseconds: Int64) -> String {
        let time = CivilTime(milliseconds: min(max(milliseconds, range.lowerBound), range.upperBound))
        // Every field is in range after the clamp: a 4-digit year, the others within their widths.
        let fields: [(value: Int64, width: Int, after: UInt8)] = [
            (time.year, 4, UInt8(ascii: "-")), (time.month, 2, UInt8(ascii: "-")), (time.day, 2, UInt8(ascii: "T")),
            (time.hour, 2, UInt8(ascii: ":")), (time.minute, 2, UInt8(ascii: ":")), (time.second, 2, UInt8(ascii: ".")),
            (time.millisecond, 3, UInt8(ascii: "Z")),
        ]
        return String(unsafeUninitializedCapacity: 24) { buffer in
            var end = 0
            for field in fields {
                var value = field.value
                for position in stride(from: end + field.width - 1, through: end, by: -1) {
                    buffer[position] = UInt8(ascii: "0") + UInt8(value % 10)
                    value /= 10
                }
                buffer[end + field.width] = field.after
                end += field.width + 1
            }
            return end
        }
    }

    /// What is wrong with `text` when it has the shape of an RFC 3339 date or time but names one
    /// that does not exist: "February 2026 has 28 days", "there is no hour 24 (hours are 00 to 23)".
    /// Nil when it parses, or when its shape is wrong (the caller's example of the form says more then).
    public static func problem(_ text: String) -> String? {
        guard parse(text) == nil else { return nil }
        var scanner = Scanner(bytes: Array(text.utf8))
        guard let year = scanner.digits(4), scanner.skip("-"), let month = scanner.digits(2), scanner.skip("-"),
            let day = scanner.digits(2)
        else { return nil }
        if !(1...12).contains(month) { return "there is no month \(CivilTime.pad(Int64(month), 2)) (months are 01 to 12)" }
        let days = daysIn(month: month, year: year)
        if day == 0 { return "there is no day 00 (days start at 01)" }
        if day > days { return "\(monthNames[month - 1]) \(CivilTime.pad(Int64(year), 4)) has \(days) days" }
        guard scanner.skip("T") || scanner.skip("t"), let hour = scanner.digits(2), scanner.skip(":"),
            let minute = scanner.digits(2), scanner.skip(":"), let second = scanner.digits(2)
        else { return nil }
        for (name, value, limit) in [("hour", hour, 23), ("minute", minute, 59), ("second", second, 59)] where value > limit {
            return "there is no \(name) \(CivilTime.pad(Int64(value), 2)) (\(name)s are 00 to \(limit))"
        }
        return nil
    }

    private static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
        "December",
    ]

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
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
