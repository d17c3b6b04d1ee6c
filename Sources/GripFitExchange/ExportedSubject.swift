import GripFitClinical
import GripFitRecords

/// The JSON form of a subject: the code and facts, as `subject add` takes them.
struct ExportedSubject: Codable {
    var code: String
    var sex: Sex?
    /// `YYYY-MM-DD` or `YYYY`.
    var birth: String?
    var dominant: Subject.Dominance?
    var heightCm: Double?
    var weightKg: Double?
    var note: String?

    init(_ subject: Subject) {
        code = subject.code
        sex = subject.sex
        birth = subject.birth?.description
        dominant = subject.dominant
        heightCm = subject.heightCentimetres
        weightKg = subject.weightKilograms
        note = subject.note
    }

    /// The subject, checked as `subject add` checks one.
    func subject() throws(StoreError) -> Subject {
        let parsedBirth = try birth.map { (text) throws(StoreError) -> Subject.Birth in
            guard let parsed = Subject.Birth(stored: text) else {
                throw .badImport(line: 1, reason: "subject \(code): birth \(text) is not YYYY-MM-DD or YYYY")
            }
            return parsed
        }
        do throws(SubjectError) {
            return try Subject(
                code: code,
                sex: sex,
                birth: parsedBirth,
                dominant: dominant,
                heightCentimetres: heightCm,
                weightKilograms: weightKg,
                note: note
            )
        } catch {
            throw .badImportedSubject(error)
        }
    }
}
