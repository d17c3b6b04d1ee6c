import GRDB
import GripFitClinical
import GripFitStore

extension PostgresHistory {
    public func addSubject(_ subject: Subject) throws(StoreError) {
        try transaction { statements in
            guard try Self.subjectRow(statements, code: subject.code) == nil else { throw StoreError.duplicateSubject(subject.code) }
            try Self.insertSubject(statements, subject)
        }
    }

    public func updateSubject(_ subject: Subject) throws(StoreError) {
        try transaction { statements in
            let changed = try statements.execute(
                """
                UPDATE subject SET sex = $2, birth = $3, dominant = $4, height_cm = $5, weight_kg = $6, note = $7
                WHERE lower(code) = lower($1)
                """,
                Self.subjectValues(subject))
            if changed == 0 { throw StoreError.unknownSubject(subject.code) }
        }
    }

    public func subject(code: String) throws(StoreError) -> Subject {
        guard let row = try with({ statements in try Self.subjectRow(statements, code: code) }) else { throw .unknownSubject(code) }
        return try SQLiteHistory.subject(row)
    }

    public func subjects() throws(StoreError) -> [Subject] {
        let rows = try with { statements in try statements.rows("SELECT * FROM subject ORDER BY code") }
        var subjects: [Subject] = []
        for row in rows { subjects.append(try SQLiteHistory.subject(row)) }
        return subjects
    }

    /// Deletes the subject, their assessments and their sessions (reps and traces with them) in one
    /// transaction, then asks the server to vacuum the tables so the dead rows are reclaimed now;
    /// a user who does not own the tables leaves that to autovacuum.
    public func forgetSubject(code given: String) throws(StoreError) -> ForgottenSubject {
        let forgotten = try transaction { statements in
            // The code as stored: the sessions' tags hold it with its case.
            guard let code: String = try Self.subjectRow(statements, code: given)?["code"] else { throw StoreError.unknownSubject(given) }
            let sessions = try statements.execute("DELETE FROM session WHERE \(Self.ownedSessions)", [code])
            let assessments = try statements.execute("DELETE FROM assessment WHERE subject = $1", [code])
            try statements.execute("DELETE FROM subject WHERE code = $1", [code])
            return ForgottenSubject(sessions: sessions, assessments: assessments)
        }
        _ = try? with { statements in try statements.execute("VACUUM session, rep, trace, assessment, subject") }
        return forgotten
    }

    /// The sessions a subject owns: tagged with their code, or attempts of one of their assessments.
    static let ownedSessions = "subject = $1 OR assessment_id IN (SELECT id FROM assessment WHERE subject = $1)"

    public func holdings(subject given: String) throws(StoreError) -> ForgottenSubject {
        let code = try subject(code: given).code
        let row = try read { statements in
            try statements.row(
                """
                SELECT (SELECT count(*) FROM session WHERE \(Self.ownedSessions)) AS sessions,
                    (SELECT count(*) FROM assessment WHERE subject = $1) AS assessments
                """,
                [code])
        }
        return ForgottenSubject(sessions: Int(row?["sessions"] as Int64? ?? 0), assessments: Int(row?["assessments"] as Int64? ?? 0))
    }

    static func insertSubject(_ statements: PostgresStatements, _ subject: Subject) throws {
        try statements.execute(
            "INSERT INTO subject (code, sex, birth, dominant, height_cm, weight_kg, note) VALUES ($1, $2, $3, $4, $5, $6, $7)",
            subjectValues(subject))
    }

    /// The subject row of this code; codes compare without case, so `p017` finds `P017`.
    static func subjectRow(_ statements: PostgresStatements, code: String) throws -> Row? {
        try statements.row("SELECT * FROM subject WHERE lower(code) = lower($1)", [code])
    }

    private static func subjectValues(_ subject: Subject) -> [PostgresStatements.Value] {
        [
            subject.code, subject.sex?.rawValue, subject.birth?.description, subject.dominant?.rawValue, subject.heightCentimetres,
            subject.weightKilograms, subject.note,
        ]
    }
}
