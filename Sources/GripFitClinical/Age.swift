/// Whole years of age on a day; from a birth year alone it may be one year too many (the birthday
/// may not have come yet that year), and says so.
public struct Age: Equatable, Sendable, CustomStringConvertible {
    public let years: Int
    /// Only the birth year was known: the true age is `years` or `years - 1`.
    public let approximate: Bool

    public init(birth: Subject.Birth, on day: Subject.Birth.Day) {
        switch birth {
        case .date(let born):
            let beforeBirthday = (day.month, day.day) < (born.month, born.day)
            years = day.year - born.year - (beforeBirthday ? 1 : 0)
            approximate = false
        case .year(let year):
            years = day.year - year
            approximate = true
        }
    }

    public var description: String {
        approximate ? "about \(years) (birth year only: \(years - 1) or \(years))" : "\(years)"
    }
}
