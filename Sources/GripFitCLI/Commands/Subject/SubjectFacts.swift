import ArgumentParser
import Foundation
import GripFitClinical
import GripFitRecords
import GripFitStore

/// The facts `subject add` and `subject edit` take; each one given replaces the stored one.
struct SubjectFacts: ParsableArguments {
    @Option(help: "female or male (the sex norm tables are split by).")
    var sex: Sex?

    @Option(help: ArgumentHelp("Birth date, YYYY-MM-DD.", valueName: "YYYY-MM-DD"))
    var birthDate: String?

    @Option(help: ArgumentHelp("Birth year only, when the date is not recorded (ages are then approximate).", valueName: "YYYY"))
    var birthYear: Int?

    @Option(help: "The hand the subject writes with: left, right or ambidextrous.")
    var dominant: Subject.Dominance?

    @Option(help: ArgumentHelp("Height in centimetres (30 to 272).", valueName: "cm"))
    var height: Double?

    @Option(help: ArgumentHelp("Weight in kilograms (1 to 650).", valueName: "kg"))
    var weight: Double?

    @Option(help: "A short note (at most 500 characters); never a name.")
    var note: String?

    func validate() throws {
        if birthDate != nil, birthYear != nil { throw ValidationError(SubjectError.twoBirths.description + ".") }
    }

    var isEmpty: Bool {
        sex == nil && birthDate == nil && birthYear == nil && dominant == nil && height == nil && weight == nil && note == nil
    }

    /// `subject` with every fact given here replacing its own, checked (a birth against `today`).
    func applied(to subject: Subject, today: Subject.Birth.Day) throws -> Subject {
        var subject = subject
        if let sex { subject.sex = sex }
        if let birth = try Subject.Birth.parse(date: birthDate, year: birthYear, today: today) { subject.birth = birth }
        if let dominant { subject.dominant = dominant }
        if let height { subject.heightCentimetres = height }
        if let weight { subject.weightKilograms = weight }
        if let note { subject.note = note.isEmpty ? nil : note }
        try subject.check()
        return subject
    }

    /// Today in the user's time zone, from the wall clock: a birth after it is refused.
    static func today() -> Subject.Birth.Day {
        Subject.Birth.Day(Date(timeIntervalSince1970: Double(Timestamp.now()) / 1000), in: .current)
    }
}
