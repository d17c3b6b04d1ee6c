import Foundation

/// Whose hands were measured: a pseudonymous code chosen by the user (no name is ever stored) and the
/// facts a norm or a report needs. The initialiser refuses a code, height, weight or note that cannot
/// be right; a birth is checked against the day it is entered (``Birth/check(today:)``), as a birth
/// that is plausible today stays so.
public struct Subject: Equatable, Sendable {
    public private(set) var code: String
    public var sex: Sex?
    public var birth: Birth?
    public var dominant: Dominance?
    public var heightCentimetres: Double?
    public var weightKilograms: Double?
    public var note: String?

    /// A code is what a clinic types and files: short, and safe in a file name, a CSV cell and a URL.
    public static let codeLength = 1...32
    /// Heights ever measured in a person (Guinness: 54.6 cm to 272 cm), with a margin for infants.
    public static let heightRange = 30.0...272.0
    /// Weights ever measured in a person, rounded outwards.
    public static let weightRange = 1.0...650.0
    /// The oldest age accepted: older than any verified person.
    public static let oldestAge = 125
    /// A note is a reminder, not a record: long text belongs in the clinic's own system.
    public static let noteLength = 500

    /// Checks the code, height, weight and note; not the birth, which needs the day it is entered
    /// (``Birth/check(today:)``, done where the birth is parsed).
    public init(
        code: String,
        sex: Sex? = nil,
        birth: Birth? = nil,
        dominant: Dominance? = nil,
        heightCentimetres: Double? = nil,
        weightKilograms: Double? = nil,
        note: String? = nil
    ) throws(SubjectError) {
        try Self.check(code: code)
        self.code = code
        self.sex = sex
        self.birth = birth
        self.dominant = dominant
        self.heightCentimetres = heightCentimetres
        self.weightKilograms = weightKilograms
        self.note = note
        try check()
    }

    /// Refuses a code that is empty, too long, holds anything but letters, digits, `.`, `_` and `-`,
    /// or starts with anything but a letter or digit: `-P1` reads as an option on a command line,
    /// and `.`/`..` are path segments a URL or a file name would resolve away.
    public static func check(code: String) throws(SubjectError) {
        func isLetterOrDigit(_ scalar: Unicode.Scalar) -> Bool { scalar.isASCII && CharacterSet.alphanumerics.contains(scalar) }
        let allowed = code.unicodeScalars.allSatisfy { scalar in isLetterOrDigit(scalar) || "._-".unicodeScalars.contains(scalar) }
        guard codeLength.contains(code.count), allowed, let first = code.unicodeScalars.first, isLetterOrDigit(first) else {
            throw .badCode(code)
        }
    }

    /// Checks the facts that may be edited after creation (the code may not), but the birth.
    public func check() throws(SubjectError) {
        if let heightCentimetres, !(heightCentimetres.isFinite && Self.heightRange.contains(heightCentimetres)) {
            throw .badHeight(heightCentimetres)
        }
        if let weightKilograms, !(weightKilograms.isFinite && Self.weightRange.contains(weightKilograms)) {
            throw .badWeight(weightKilograms)
        }
        if let note, note.count > Self.noteLength { throw .noteTooLong(note.count) }
    }

    /// The age on `day` (an assessment's date), approximate when only the birth year is known; nil without a birth.
    public func age(on day: Birth.Day) -> Age? {
        birth.map { Age(birth: $0, on: day) }
    }
}
