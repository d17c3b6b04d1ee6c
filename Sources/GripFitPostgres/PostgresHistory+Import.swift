import GRDB
import GripFitClinical
import GripFitRecords
import GripFitStore

extension PostgresHistory {
    /// Subjects, then assessments, then sessions, each checked against the file and the history, in
    /// one transaction: a refused file writes nothing (the rules of ``SQLiteHistory/importContents(_:)``).
    /// What names a subject forgotten here is not filed, and counted as erased.
    public func importContents(_ contents: ExchangeContents) throws(StoreError) -> ImportOutcome {
        var traces: [StoredTrace] = []
        for session in contents.sessions { traces.append(try StoredTrace(session.trace)) }
        return try transaction { statements in
            var erased: Set<String> = []
            for subject in contents.subjects {
                guard try !Self.file(statements, subject, held: contents.heldSubjects, at: location) else { continue }
                erased.insert(subject.code.lowercased())
            }
            func isErased(_ code: String?) -> Bool { code.map { erased.contains($0.lowercased()) } ?? false }
            var ids: [Int64: Int64] = [:]
            var erasedAssessments: Set<Int64> = []
            for (fileID, facts) in contents.assessments {
                if isErased(facts.subject) {
                    erasedAssessments.insert(fileID)
                    continue
                }
                try Self.checkKnown(statements, subject: facts.subject, of: "assessment \(fileID)")
                ids[fileID] = try Self.heldAssessment(statements, facts) ?? Self.insertAssessment(statements, facts)
            }
            var outcome = ImportOutcome(added: 0, skipped: 0)
            for (index, (session, trace)) in zip(contents.sessions, traces).enumerated() {
                if isErased(session.tags.subject) || session.tags.assessment.map(erasedAssessments.contains) == true {
                    outcome.erased += 1
                    continue
                }
                try Self.checkKnown(statements, subject: session.tags.subject, of: "session \(index + 1)")
                var session = session
                session.tags.assessment = session.tags.assessment.flatMap { ids[$0] }
                switch try insert(statements, session, trace: trace, sameStart: .skip) {
                case .inserted: outcome.added += 1
                case .duplicate: outcome.skipped += 1
                }
            }
            return outcome
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

    /// A subject an assessment or session names must be in the file (filed by now) or the history.
    private static func checkKnown(_ statements: PostgresStatements, subject code: String?, of what: String) throws {
        guard let code else { return }
        guard let row = try subjectRow(statements, code: code), (row["code"] as String?) == code else {
            throw StoreError.badImport(
                line: 1, reason: "\(what) names subject '\(code)', which neither the file nor the history holds. Nothing was imported")
        }
    }

    private static func heldAssessment(_ statements: PostgresStatements, _ facts: AssessmentFacts) throws -> Int64? {
        try statements.row(
            "SELECT id FROM assessment WHERE device = $1 AND started_at_ms = $2 AND protocol = $3 ORDER BY id LIMIT 1",
            [facts.device, facts.startedAtMilliseconds, facts.protocolName])?["id"]
    }
}
