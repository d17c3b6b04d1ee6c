import GripFitClinical
import GripFitCore
import GripFitRecords

/// A subject's row as every backend stores it: the values bound for one, the checked decoding of
/// one read back, and how an imported subject differs from a held one. One place, as
/// ``SessionRecord`` is for sessions, so a backend's rows decode exactly as another's.
package enum SubjectRecord {
    /// The sessions a subject owns: tagged with their code, or attempts of one of their
    /// assessments (an import may have kept the assessment but not the tag). The code is bound
    /// twice. `forget` deletes, and `holdings` counts, these.
    static let ownedSessions = "subject = ? OR assessment_id IN (SELECT id FROM assessment WHERE subject = ?)"

    /// The columns ``values(_:)`` binds, in its order.
    static let columns = "code, sex, birth, dominant, height_cm, weight_kg, note"

    /// The subject's values in the order of ``columns``.
    static func values(_ subject: Subject) -> [(any StoredValueConvertible)?] {
        [
            subject.code, subject.sex?.rawValue, subject.birth?.description, subject.dominant?.rawValue, subject.heightCentimetres,
            subject.weightKilograms, subject.note,
        ]
    }

    /// A subject as stored, checked as `subject add` checks one: a hand-edited row names its problem.
    package static func subject(_ row: HistoryRow) throws(StoreError) -> Subject {
        let code: String = (try? StoredRow(row: row, record: "a subject").value("code")) ?? ""
        let stored = StoredRow(row: row, record: "subject '\(code)'")
        func parsed<Value>(_ column: String, _ parse: (String) -> Value?) throws(StoreError) -> Value? {
            guard let text: String = try stored.optional(column) else { return nil }
            guard let value = parse(text) else { throw stored.damaged(column, "is \(text)") }
            return value
        }
        let sex = try parsed("sex") { Sex(rawValue: $0) }
        let birth = try parsed("birth") { Subject.Birth(stored: $0) }
        let dominant = try parsed("dominant") { Subject.Dominance(rawValue: $0) }
        let height: Double? = try stored.optional("height_cm")
        let weight: Double? = try stored.optional("weight_kg")
        let note: String? = try stored.optional("note")
        do throws(SubjectError) {
            return try Subject(
                code: code,
                sex: sex,
                birth: birth,
                dominant: dominant,
                heightCentimetres: height,
                weightKilograms: weight,
                note: note
            )
        } catch {
            throw .damagedSubject(code: code, error)
        }
    }

    /// The facts an imported subject and the one the history holds under its code disagree on,
    /// the note aside (a local reminder, which stays as the history has it).
    package static func differences(held: Subject, file subject: Subject) -> [String] {
        var differences: [String] = []
        if held.code != subject.code { differences.append("code: file \(subject.code), history \(held.code)") }
        func compare(_ fact: String, _ file: String?, _ history: String?) {
            if file != history { differences.append("\(fact): file \(file ?? "none"), history \(history ?? "none")") }
        }
        compare("sex", subject.sex?.rawValue, held.sex?.rawValue)
        compare("birth", subject.birth?.description, held.birth?.description)
        compare("dominant hand", subject.dominant?.rawValue, held.dominant?.rawValue)
        compare(
            "height",
            subject.heightCentimetres.map { "\($0.formatted(decimals: 1)) cm" },
            held.heightCentimetres.map {
                "\($0.formatted(decimals: 1)) cm"
            }
        )
        compare(
            "weight",
            subject.weightKilograms.map { "\($0.formatted(decimals: 1)) kg" },
            held.weightKilograms.map {
                "\($0.formatted(decimals: 1)) kg"
            }
        )
        return differences
    }
}
