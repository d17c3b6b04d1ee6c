import GripFitClinical
import GripFitRecords
import GripFitStore

extension PostgresHistory {
    public func addSubject(_ subject: Subject) throws(StoreError) {
        try transaction { statements in try SQLHistory(statements).addSubject(subject) }
    }

    public func updateSubject(_ subject: Subject) throws(StoreError) {
        try transaction { statements in try SQLHistory(statements).updateSubject(subject) }
    }

    public func subject(code: String) throws(StoreError) -> Subject {
        guard let subject = try read({ statements in try SQLHistory(statements).subject(code: code) }) else {
            throw .unknownSubject(code)
        }
        return subject
    }

    public func subjects() throws(StoreError) -> [Subject] {
        try read { statements in try SQLHistory(statements).subjects() }
    }

    /// Deletes the subject, their assessments and their sessions (reps and traces with them), and
    /// keeps a tombstone of the code, in one transaction (``SQLHistory/forgetSubject(code:)``); then
    /// asks the server to drop the deleted rows from its files (``compact()``). Stations holding
    /// copies learn the tombstone at their next contact (``erasedCodes(among:)``) and remove theirs;
    /// an import never files them again.
    public func forgetSubject(code given: String) throws(StoreError) -> ForgottenSubject {
        var forgotten = try transaction { statements in try SQLHistory(statements).forgetSubject(code: given) }
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
            ["VACUUM (FULL, ANALYZE) \(tables.joined(separator: ", "))"],
            allowed: mayVacuum(tables),
            "its tables and indexes rewritten without them (VACUUM FULL)",
            else: "its tables not rewritten, so their files keep the deleted rows until reused: the server's administrator runs "
                + "VACUUM FULL \(tables.joined(separator: ", "))"
        )
        attempt(
            ["VACUUM FULL pg_statistic"],
            allowed: mayVacuum(["pg_statistic"]),
            "its planner statistics rewritten",
            else: "the planner's statistics (pg_statistic) may keep the code among a column's sampled values: the server's "
                + "administrator runs VACUUM FULL pg_statistic"
        )
        attempt(
            ["SELECT pg_switch_wal()", "CHECKPOINT"],
            allowed: true,
            "its write-ahead log switched and checkpointed",
            else: "its write-ahead log keeps the deleted rows until the server's next checkpoints retire it: the server's "
                + "administrator runs SELECT pg_switch_wal(); CHECKPOINT"
        )
        let recycled =
            (try? with { statements in try statements.row("SELECT current_setting('wal_recycle') AS recycle") })?["recycle"]
            as String?
        if recycled != "off" {
            done.append(
                "the server reuses retired log files without clearing them (wal_recycle is not off), so they may hold the "
                    + "deleted rows until overwritten: its administrator sets wal_recycle = off"
            )
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
                """
            )
        }
        return (row?["allowed"] as Int64?) == 1
    }

    /// The codes a tombstone names, asked of the server, which alone holds the key.
    public func erasedCodes(among codes: [String]) throws(StoreError) -> [String] {
        try read { statements in try SQLHistory(statements).erasedCodes(among: codes) }
    }

    public func holdings(subject given: String) throws(StoreError) -> ForgottenSubject {
        try read { statements in try SQLHistory(statements).holdings(subject: given) }
    }
}
