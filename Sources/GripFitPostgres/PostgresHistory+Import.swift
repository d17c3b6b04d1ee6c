import GripFitClinical
import GripFitRecords
import GripFitStore

extension PostgresHistory {
    /// Subjects, then assessments, then sessions, each checked against the file and the history, in
    /// one transaction: a refused file writes nothing (the rules are ``SQLHistory``'s, written once).
    /// What names a subject forgotten here is not filed, and counted as erased.
    public func importContents(_ contents: ExchangeContents) throws(StoreError) -> ImportOutcome {
        var traces: [StoredTrace] = []
        for session in contents.sessions { traces.append(try StoredTrace(session.trace)) }
        return try transaction { statements in
            try SQLHistory(statements).importContents(contents, traces: traces, location: location) { subject in
                try Self.file(statements, subject, held: contents.heldSubjects, at: location)
            }
        }
    }

    /// Files a subject; false, filing nothing, when a tombstone names their code (checked before the
    /// insert, so the server's log never gets the code again). A subject the history holds must
    /// agree on every fact but the note, unless the history's facts win (a station's push). Two
    /// stations filing one new subject at once both get here: the later insert waits for the
    /// earlier's commit, does nothing, and its facts are compared as a held subject's.
    private static func file(
        _ statements: PostgresStatements, _ subject: Subject, held: HeldSubjects, at location: String
    ) throws -> Bool {
        if try isErased(statements, code: subject.code) { return false }
        if try insertSubject(statements, subject) {
            // A forget committed while the insert waited on its row wins.
            guard try isErased(statements, code: subject.code) else { return true }
            try statements.execute("DELETE FROM subject WHERE code = $1", [subject.code])
            return false
        }
        guard let row = try subjectRow(statements, code: subject.code) else {
            throw StoreError.refused(
                path: location, reason: "subject '\(subject.code)' was forgotten while it was being filed; run the command again")
        }
        if held == .historyWins, (row["code"] as String?) == subject.code { return true }
        let differences = SQLiteHistory.differences(held: try SQLiteHistory.subject(row), file: subject)
        if !differences.isEmpty { throw StoreError.subjectConflict(code: subject.code, differences: differences) }
        return true
    }
}
