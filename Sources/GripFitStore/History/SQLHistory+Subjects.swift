import GripFitClinical
import GripFitExchange
import GripFitRecords

extension SQLHistory {
    /// The subject row of this code; codes compare without case, so `p017` finds `P017`.
    package func subjectRow(code: String) throws -> HistoryRow? {
        try rows("SELECT * FROM subject WHERE \(dialect.sameCode("code"))", [code]).first
    }

    /// The subject of this code, checked (``SubjectRecord/subject(_:)``); nil when there is none.
    package func subject(code: String) throws -> Subject? {
        guard let row = try subjectRow(code: code) else { return nil }
        return try SubjectRecord.subject(row)
    }

    /// Every subject, by code, checked.
    package func subjects() throws -> [Subject] {
        var subjects: [Subject] = []
        for row in try rows("SELECT * FROM subject ORDER BY code") { subjects.append(try SubjectRecord.subject(row)) }
        return subjects
    }

    /// Refused when the code is taken (in any case), or was a subject's forgotten here: copies of
    /// that subject's data still on stations must never be filed under a new person.
    package func addSubject(_ subject: Subject) throws {
        if try isErased(code: subject.code) { throw StoreError.erasedCode(subject.code) }
        guard try insertSubject(subject) else { throw StoreError.duplicateSubject(subject.code) }
    }

    /// Replaces every fact of the subject of that code (in any case).
    package func updateSubject(_ subject: Subject) throws {
        let facts = SubjectRecord.values(subject).dropFirst()
        let changed = try execute(
            "UPDATE subject SET sex = ?, birth = ?, dominant = ?, height_cm = ?, weight_kg = ?, note = ? WHERE \(dialect.sameCode("code"))",
            Array(facts) + [subject.code]
        )
        if changed == 0 { throw StoreError.unknownSubject(subject.code) }
    }

    /// Inserts the subject unless its code (in any case) is taken, even by a station filing it at
    /// this moment: on a server the insert then waits for that one's commit and does nothing, where
    /// a lookup then an insert failed on the key (two `history copy` at once). Whether it inserted.
    func insertSubject(_ subject: Subject) throws -> Bool {
        try execute(
            "INSERT INTO subject (\(SubjectRecord.columns)) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
            SubjectRecord.values(subject)
        ) == 1
    }

    /// Files an imported subject; false, filing nothing, when a tombstone names their code (checked
    /// before the insert, so a server's log never gets the code again). A subject the history holds
    /// must agree on every fact but the note (a local reminder, which stays as the history has it),
    /// unless the history's facts win (a station's push); a code differing only in case is another
    /// code. Two stations filing one new subject at once both get here: the later insert waits for
    /// the earlier's commit, does nothing, and its facts are compared as a held subject's.
    func file(_ subject: Subject, held: HeldSubjects, location: String) throws -> Bool {
        if try isErased(code: subject.code) { return false }
        if try insertSubject(subject) {
            // A forget committed while the insert waited on its row wins.
            guard try isErased(code: subject.code) else { return true }
            try execute("DELETE FROM subject WHERE code = ?", [subject.code])
            return false
        }
        guard let row = try subjectRow(code: subject.code) else {
            throw StoreError.refused(
                path: location,
                reason: "subject '\(subject.code)' was forgotten while it was being filed; run the command again"
            )
        }
        if held == .historyWins, (row["code"] as String?) == subject.code { return true }
        let differences = SubjectRecord.differences(held: try SubjectRecord.subject(row), file: subject)
        if !differences.isEmpty { throw StoreError.subjectConflict(code: subject.code, differences: differences) }
        return true
    }

    /// How many sessions and assessments the subject of that code owns: what `forget` would delete.
    package func holdings(subject given: String) throws -> ForgottenSubject {
        guard let code = try subject(code: given)?.code else { throw StoreError.unknownSubject(given) }
        let row = try rows(
            """
            SELECT (SELECT count(*) FROM session WHERE \(SubjectRecord.ownedSessions)) AS sessions,
                (SELECT count(*) FROM assessment WHERE subject = ?) AS assessments
            """,
            [code, code, code]
        ).first
        return ForgottenSubject(sessions: Int(row?["sessions"] ?? Int64(0)), assessments: Int(row?["assessments"] ?? Int64(0)))
    }

    /// Deletes the subject of that code, their assessments and their sessions (reps and traces with
    /// them), inside the caller's transaction; keeps a tombstone where the dialect keeps them, and
    /// runs its ``HistoryDialect/afterForget``. Making the engine's files forget the rows (a VACUUM)
    /// is the backend's, after the commit.
    package func forgetSubject(code given: String) throws -> ForgottenSubject {
        // The code as stored: the sessions' tags hold it with its case.
        guard let code: String = try subjectRow(code: given)?["code"] else { throw StoreError.unknownSubject(given) }
        let sessions = try execute("DELETE FROM session WHERE \(SubjectRecord.ownedSessions)", [code, code])
        let assessments = try execute("DELETE FROM assessment WHERE subject = ?", [code])
        try execute("DELETE FROM subject WHERE code = ?", [code])
        if let erasure = dialect.erasure { try execute(erasure.keep, [code]) }
        for statement in dialect.afterForget { try execute(statement) }
        return ForgottenSubject(sessions: sessions, assessments: assessments)
    }

    /// Whether a tombstone names this code; never where the dialect keeps none.
    func isErased(code: String) throws -> Bool {
        guard let erasure = dialect.erasure else { return false }
        let erased: Int64? = try rows(erasure.isErased, [code]).first?["erased"]
        return erased == 1
    }

    /// The codes among `codes` a tombstone names: what a station holding copies must remove.
    package func erasedCodes(among codes: [String]) throws -> [String] {
        guard let erasure = dialect.erasure, !codes.isEmpty else { return [] }
        return try rows(erasure.among, [codes.joined(separator: ",")]).compactMap { $0["code"] as String? }
    }

    /// The record a stable name (``StableName``) names: the few rows whose uid starts with its prefix.
    package func id(named name: String) throws -> Int64 {
        guard let (kind, prefix) = StableName.parse(name) else { throw StoreError.unknownName(name) }
        let (condition, values) = dialect.startsWith("uid", prefix)
        let found = try rows(
            "SELECT id, uid FROM \(kind == .session ? "session" : "assessment") WHERE \(condition) LIMIT 5",
            values.map { $0 as Value }
        )
        return try StableName.resolve(name, kind: kind, matches: found.map { (id: $0["id"] ?? 0, uid: $0["uid"] ?? "") })
    }
}
