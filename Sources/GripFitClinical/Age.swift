/// The age on a day, in whole years (for the terminal) and exact years (for a norm interpolated
/// between a table's ages). From a birth year alone the whole years may be one too many (the birthday
/// may not have come yet that year), and the exact years are taken from 1 July of that year, the
/// middle of the possible births, so the error is at most half a year either way; both say so.
public struct Age: Equatable, Sendable, CustomStringConvertible {
    /// Days in a mean Gregorian year: exact years are days since birth over this.
    public static let daysPerYear = 365.2425

    public let years: Int
    /// Days since birth / ``daysPerYear`` (never below 0); from mid-year when only the year is known.
    public let exactYears: Double
    /// Only the birth year was known: the true age is `years` or `years - 1`.
    public let approximate: Bool

    public init(birth: Subject.Birth, on day: Subject.Birth.Day) {
        let born: Subject.Birth.Day?
        switch birth {
        case .date(let date):
            let beforeBirthday = (day.month, day.day) < (date.month, date.day)
            years = day.year - date.year - (beforeBirthday ? 1 : 0)
            approximate = false
            born = date
        case .year(let year):
            years = day.year - year
            approximate = true
            born = Subject.Birth.Day(year: year, month: 7, day: 1)
        }
        exactYears = born.map { max(0, Double(day.dayNumber - $0.dayNumber) / Self.daysPerYear) } ?? Double(max(0, years))
    }

    public var description: String {
        guard approximate else { return "\(years)" }
        return years > 0 ? "about \(years) (birth year only: \(years - 1) or \(years))" : "under 1 (birth year only)"
    }

    /// "45–49": the 5-year band a page or a note may show without narrowing the subject down to a
    /// birth year; nil for an age that is not one.
    public static func band(_ years: Double) -> String? {
        guard years.isFinite, years >= 0, years < 200 else { return nil }
        let lower = Int(years) / 5 * 5
        return "\(lower)–\(lower + 4)"
    }
}
