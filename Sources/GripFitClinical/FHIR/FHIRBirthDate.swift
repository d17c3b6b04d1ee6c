/// A birth date as much as is known: FHIR's `date` allows a year alone, which is all a subject
/// registered with `--birth-year` has.
public enum FHIRBirthDate: Sendable, Equatable {
    case year(Int)
    case day(year: Int, month: Int, day: Int)

    /// FHIR's `date` text ("1979" or "1979-03-14"), or nil when a field is out of range.
    var text: String? {
        switch self {
        case .year(let year):
            return (1000...9999).contains(year) ? String(year) : nil
        case .day(let year, let month, let day):
            guard (1000...9999).contains(year), (1...12).contains(month), (1...Self.days(year: year, month: month)).contains(day)
            else { return nil }
            return "\(year)-\(Self.twoDigits(month))-\(Self.twoDigits(day))"
        }
    }

    private static func days(year: Int, month: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
}
