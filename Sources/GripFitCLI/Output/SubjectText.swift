import GripFitClinical
import GripFitCore
import GripFitOutput

/// A subject as `subject list` and `subject show` print it. The note is the user's own text, escaped
/// for the terminal here, once.
enum SubjectText {
    static func oneLine(_ subject: Subject, today: Subject.Birth.Day) -> String {
        let facts = [
            subject.sex?.rawValue, subject.age(on: today).map { "age \($0)" }, subject.dominant.map { "dominant \($0.rawValue)" },
            subject.heightCentimetres.map { "\($0.formatted(decimals: 1)) cm" },
            subject.weightKilograms.map { "\($0.formatted(decimals: 1)) kg" },
        ].compactMap { $0 }
        return SessionText.pad(UntrustedText.escaped(subject.code), 12) + (facts.isEmpty ? "-" : facts.joined(separator: ", "))
    }

    static func details(_ subject: Subject, today: Subject.Birth.Day) -> [String] {
        [
            "subject      \(UntrustedText.escaped(subject.code))",
            "sex          \(subject.sex?.rawValue ?? "-")",
            "born         " + (subject.birth.map { "\($0), age today \(Age(birth: $0, on: today))" } ?? "-"),
            "dominant     \(subject.dominant?.rawValue ?? "-")",
            "height       " + (subject.heightCentimetres.map { "\($0.formatted(decimals: 1)) cm" } ?? "-"),
            "weight       " + (subject.weightKilograms.map { "\($0.formatted(decimals: 1)) kg" } ?? "-"),
            "note         " + (subject.note.map(UntrustedText.escaped) ?? "-"),
        ]
    }
}
