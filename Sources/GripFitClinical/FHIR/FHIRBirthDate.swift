/// A birth date as much as is known: FHIR's `date` allows a year alone, which is all a subject
/// registered with `--birth-year` has.
public enum FHIRBirthDate: Sendable, Equatable {
    case year(Int)
    case day(year: Int, month: Int, day: Int)

    /// A subject's stored birth, as it is.
    public init(_ birth: Subject.Birth) {
        switch birth {
        case .year(let year): self = .year(year)
        case .date(let day): self = .day(year: day.year, month: day.month, day: day.day)
        }
    }

    /// FHIR's `date` text ("1979" or "1979-03-14"), or nil when a field is out of range; the day is
    /// checked by ``Subject/Birth/Day``, so there is one calendar rule.
    var text: String? {
        switch self {
        case .year(let year):
            return (1000...9999).contains(year) ? String(year) : nil
        case .day(let year, let month, let day):
            guard year >= 1000, let checked = Subject.Birth.Day(year: year, month: month, day: day) else { return nil }
            return checked.description
        }
    }
}
