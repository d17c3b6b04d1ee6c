import GripFitCore
import GripFitOutput

/// A subject's fact that cannot be true, with the value and how to give a good one.
public enum SubjectError: Error, Equatable, CustomStringConvertible {
    case badCode(String)
    /// Text given as a birth date that is not a real `YYYY-MM-DD` day.
    case badBirthDate(String)
    /// Both a birth date and a birth year.
    case twoBirths
    case futureBirth(String, today: Subject.Birth.Day)
    case tooOld(String, oldest: Int)
    case badHeight(Double)
    case badWeight(Double)
    case noteTooLong(Int)

    public var description: String {
        switch self {
        case .badCode(let code):
            "subject code '\(UntrustedText.escaped(code))' is not usable: give 1 to \(Subject.codeLength.upperBound) letters, digits, "
                + "'.', '_' or '-', starting with a letter or digit (a pseudonymous code, never a name)"
        case .badBirthDate(let text):
            "birth date '\(UntrustedText.escaped(text))' is not a day of the calendar: give it as YYYY-MM-DD (e.g. 1979-03-14), "
                + "or --birth-year YYYY"
        case .twoBirths:
            "give the birth date (--birth-date YYYY-MM-DD) or the birth year (--birth-year YYYY), not both"
        case .futureBirth(let birth, let today):
            "birth \(birth) is after today (\(today)): check the year"
        case .tooOld(let birth, let oldest):
            "birth \(birth) makes the subject older than \(oldest) years: check the year"
        case .badHeight(let height):
            "height \(height.formatted(decimals: 1)) cm is not a human height: give centimetres from "
                + "\(Int(Subject.heightRange.lowerBound)) to \(Int(Subject.heightRange.upperBound)) (e.g. 168)"
        case .badWeight(let weight):
            "weight \(weight.formatted(decimals: 1)) kg is not a human weight: give kilograms from "
                + "\(Int(Subject.weightRange.lowerBound)) to \(Int(Subject.weightRange.upperBound)) (e.g. 64.5)"
        case .noteTooLong(let count):
            "the note has \(count) characters: keep it to \(Subject.noteLength) (a reminder, not a record)"
        }
    }
}
