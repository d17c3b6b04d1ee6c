import GRDB
import GripFitClinical
import GripFitStore

extension PostgresHistory {
    /// Subjects, then assessments, then sessions, each checked against the file and the history, in
    /// one transaction: a refused file writes nothing (the rules of ``SQLiteHistory/importContents(_:)``).
    public func importContents(_ contents: ExchangeContents) throws(StoreError) -> ImportOutcome {
        var traces: [StoredTrace] = []
        for session in contents.sessions { traces.append(try StoredTrace(session.trace)) }
        return try transaction { statements in
            for subject in contents.subjects { try Self.file(statements, subject) }
            var ids: [Int64: Int64] = [:]
            for (fileID, facts) in contents.assessments {
                try Self.checkKnown(statements, subject: facts.subject, of: "assessment \(fileID)")
                ids[fileID] = try Self.heldAssessment(statements, facts) ?? Self.insertAssessment(statements, facts)
            }
            var outcome = ImportOutcome(added: 0, skipped: 0)
            for (index, (session, trace)) in zip(contents.sessions, traces).enumerated() {
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

    /// Adds a subject the history does not hold; one it holds must agree on every fact but the note.
    private static func file(_ statements: PostgresStatements, _ subject: Subject) throws {
        guard let row = try subjectRow(statements, code: subject.code) else {
            try insertSubject(statements, subject)
            return
        }
        let differences = SQLiteHistory.differences(held: try SQLiteHistory.subject(row), file: subject)
        if !differences.isEmpty { throw StoreError.subjectConflict(code: subject.code, differences: differences) }
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
