import GripFitClinical
import GripFitRecords
import GripFitStore

extension PostgresHistory {
    /// Refused when the code is taken, or was a subject's forgotten here: copies of that subject's
    /// data still on stations must never be filed under a new person.
    public func addSubject(_ subject: Subject) throws(StoreError) {
        try transaction { statements in
            if try Self.isErased(statements, code: subject.code) { throw StoreError.erasedCode(subject.code) }
            guard try Self.insertSubject(statements, subject) else { throw StoreError.duplicateSubject(subject.code) }
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

    /// Deletes the subject, their assessments and their sessions (reps and traces with them), and
    /// keeps a tombstone of the code, in one transaction; then asks the server to drop the deleted
    /// rows from its files (``compact()``). Stations holding copies learn the tombstone at their
    /// next contact (``erasedCodes(among:)``) and remove theirs; an import never files them again.
    public func forgetSubject(code given: String) throws(StoreError) -> ForgottenSubject {
        var forgotten = try transaction { statements in
            // The code as stored: the sessions' tags hold it with its case.
            guard let code: String = try Self.subjectRow(statements, code: given)?["code"] else { throw StoreError.unknownSubject(given) }
            let sessions = try statements.execute("DELETE FROM session WHERE \(Self.ownedSessions)", [code])
            let assessments = try statements.execute("DELETE FROM assessment WHERE subject = $1", [code])
            try statements.execute("DELETE FROM subject WHERE code = $1", [code])
            try statements.execute(
                "INSERT INTO subject_erasure (digest) VALUES (\(PostgresSchema.erasureDigest("$1"))) ON CONFLICT DO NOTHING", [code])
            return ForgottenSubject(sessions: sessions, assessments: assessments)
        }
        forgotten.done = ["on the server \(location): deleted, a tombstone kept (a keyed digest of the code, not the code)"] + compact()
        return forgotten
    }

    /// A deleted row stays in the table's and its indexes' pages, and in the write-ahead log, until
    /// overwritten. VACUUM FULL writes the tables and indexes anew and unlinks the old files (a plain
    /// VACUUM only marks the space free); ANALYZE replaces the planner's samples of their columns,
    /// which a VACUUM FULL of pg_statistic then drops; a switch to a new log segment and a
    /// CHECKPOINT retire the segments holding the rows. Each step this user may not take is said,
    /// with who can take it: the delete stands either way.
    private func compact() -> [String] {
        var done: [String] = []
        let tables = ["session", "rep", "trace", "assessment", "subject"]
        func attempt(_ sql: [String], allowed: Bool, _ what: String, else advice: String) {
            do throws(StoreError) {
                guard allowed else { throw .refused(path: location, reason: "user \(server.user) may not") }
                // Rewriting a large history's tables takes longer than a statement's usual deadline.
                try with { statements in for statement in sql { try statements.execute(statement, within: .minutes(10)) } }
                done.append(what)
            } catch {
                done.append("\(advice) (\(error))")
            }
        }
        attempt(
            ["VACUUM (FULL, ANALYZE) \(tables.joined(separator: ", "))"], allowed: mayVacuum(tables),
            "its tables and indexes rewritten without them (VACUUM FULL)",
            else: "its tables not rewritten, so their files keep the deleted rows until reused: the server's administrator runs "
                + "VACUUM FULL \(tables.joined(separator: ", "))")
        attempt(
            ["VACUUM FULL pg_statistic"], allowed: mayVacuum(["pg_statistic"]), "its planner statistics rewritten",
            else: "the planner's statistics (pg_statistic) may keep the code among a column's sampled values: the server's "
                + "administrator runs VACUUM FULL pg_statistic")
        attempt(
            ["SELECT pg_switch_wal()", "CHECKPOINT"], allowed: true, "its write-ahead log switched and checkpointed",
            else: "its write-ahead log keeps the deleted rows until the server's next checkpoints retire it: the server's "
                + "administrator runs SELECT pg_switch_wal(); CHECKPOINT")
        let recycled = (try? with { statements in try statements.row("SELECT current_setting('wal_recycle') AS recycle") })?["recycle"]
            as String?
        if recycled != "off" {
            done.append(
                "the server reuses retired log files without clearing them (wal_recycle is not off), so they may hold the "
                    + "deleted rows until overwritten: its administrator sets wal_recycle = off")
        }
        return done
    }

    /// Whether this user may VACUUM the tables: a VACUUM it may not run only warns, and does nothing.
    private func mayVacuum(_ tables: [String]) -> Bool {
        let names = tables.map { "'\($0)'::regclass" }.joined(separator: ", ")
        let row = try? with { statements in
            try statements.row(
                """
                SELECT bool_and(pg_has_role(relowner, 'USAGE')
                    OR pg_has_role((SELECT datdba FROM pg_database WHERE datname = current_database()), 'USAGE')) AS allowed
                FROM pg_class WHERE oid IN (\(names))
                """)
        }
        return (row?["allowed"] as Int64?) == 1
    }

    /// The codes a tombstone names, asked of the server, which alone holds the key.
    public func erasedCodes(among codes: [String]) throws(StoreError) -> [String] {
        guard !codes.isEmpty else { return [] }
        // Codes are letters, digits, `.`, `_` and `-` (``Subject/check(code:)``): a comma separates them.
        let rows = try read { statements in
            try statements.rows(
                """
                SELECT code FROM unnest(string_to_array($1, ',')) AS code
                WHERE \(PostgresSchema.erasureDigest("code")) IN (SELECT digest FROM subject_erasure)
                """,
                [codes.joined(separator: ",")])
        }
        return rows.compactMap { $0["code"] as String? }
    }

    /// Whether a tombstone names this code.
    static func isErased(_ statements: PostgresStatements, code: String) throws -> Bool {
        let row = try statements.row(
            "SELECT EXISTS (SELECT 1 FROM subject_erasure WHERE digest = \(PostgresSchema.erasureDigest("$1"))) AS erased", [code])
        return (row?["erased"] as Int64?) == 1
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

    /// Inserts the subject unless its code (in any case) is taken, even by a station filing it at
    /// this moment: the insert then waits for that one's commit and does nothing, where a lookup
    /// then an insert failed on the key (two `history copy` at once). Whether it inserted.
    static func insertSubject(_ statements: PostgresStatements, _ subject: Subject) throws -> Bool {
        try statements.execute(
            """
            INSERT INTO subject (code, sex, birth, dominant, height_cm, weight_kg, note) VALUES ($1, $2, $3, $4, $5, $6, $7)
            ON CONFLICT DO NOTHING
            """,
            subjectValues(subject)) == 1
    }

    /// The subject row of this code; codes compare without case, so `p017` finds `P017`.
    static func subjectRow(_ statements: PostgresStatements, code: String) throws -> HistoryRow? {
        try SQLHistory(statements).subjectRow(code: code)
    }

    private static func subjectValues(_ subject: Subject) -> [PostgresStatements.Value] {
        [
            subject.code, subject.sex?.rawValue, subject.birth?.description, subject.dominant?.rawValue, subject.heightCentimetres,
            subject.weightKilograms, subject.note,
        ]
    }
}
