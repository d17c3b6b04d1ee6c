import GRDB
import GripFitClinical
import GripFitOutput
import GripFitRecords

extension SQLiteHistory {
    /// Subjects first (a code the history holds must carry the same facts), then assessments (one
    /// the history holds, same device, start and protocol, is reused), then sessions, each checked
    /// against the file and the history, all in one transaction: a refused file writes nothing.
    public func importContents(_ contents: ExchangeContents) throws(StoreError) -> ImportOutcome {
        var traces: [StoredTrace] = []
        for session in contents.sessions { traces.append(try StoredTrace(session.trace)) }
        return try write { db in
            try SQLHistory(db).importContents(contents, traces: traces, location: path) { subject in
                try Self.file(db, subject, held: contents.heldSubjects)
                return true
            }
        }
    }

    /// Adds a subject the history does not hold; one it holds must agree on every fact but the note
    /// (a local reminder, which stays as the history has it), unless the history's facts win (a push).
    /// A code differing only in case is another code.
    private static func file(_ db: Database, _ subject: Subject, held: HeldSubjects) throws {
        guard let row = try subjectRow(db, code: subject.code) else {
            try insertSubject(db, subject)
            return
        }
        if held == .historyWins, (row["code"] as String?) == subject.code { return }
        let differences = differences(held: try self.subject(HistoryRow(row)), file: subject)
        if !differences.isEmpty { throw StoreError.subjectConflict(code: subject.code, differences: differences) }
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
        compare("height", subject.heightCentimetres.map { "\($0.formatted(decimals: 1)) cm" }, held.heightCentimetres.map {
            "\($0.formatted(decimals: 1)) cm"
        })
        compare("weight", subject.weightKilograms.map { "\($0.formatted(decimals: 1)) kg" }, held.weightKilograms.map {
            "\($0.formatted(decimals: 1)) kg"
        })
        return differences
    }
}
