import GRDB
import GripFitRecords
import GripFitStore

extension PostgresHistory {
    /// A new assessment and its first attempt in one transaction, as ``SQLiteHistory`` files them.
    public func saveFirstAttempt(_ session: StoredSession, of facts: AssessmentFacts) throws(StoreError) -> FirstAttempt {
        let stored = try StoredTrace(session.trace)
        return try transaction { statements in
            let assessment = try Self.insertAssessment(statements, facts)
            var attempt = session
            attempt.tags.assessment = assessment
            let outcome = try insert(statements, attempt, trace: stored, sameStart: .nextFreeMillisecond)
            return FirstAttempt(outcome: outcome, assessment: assessment)
        }
    }

    /// Inserts an assessment inside the caller's transaction; refuses a subject the history does not hold.
    static func insertAssessment(_ statements: PostgresStatements, _ facts: AssessmentFacts) throws -> Int64 {
        if let subject = facts.subject, try subjectRow(statements, code: subject) == nil {
            throw StoreError.unknownSubject(subject)
        }
        let row = try statements.row(
            """
            INSERT INTO assessment (subject, device, started_at_ms, protocol, first_hand, trials_per_hand, rest_s, unit,
                calibration_date, uid) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id
            """,
            [
                facts.subject, facts.device, facts.startedAtMilliseconds, facts.protocolName, facts.firstHand.rawValue,
                facts.trialsPerHand, facts.restSeconds, facts.unit, facts.calibrationDate, facts.uid ?? StableName.random(),
            ])
        guard let id = row?["id"] as Int64? else { throw StoreError.corrupt("the server returned no id for a new assessment") }
        return id
    }

    public func assessments(subject: String?) throws(StoreError) -> [StoredAssessment] {
        let subject = try subject.map { (given) throws(StoreError) in try self.subject(code: given).code }
        let loaded = try read { statements in
            var filter = PostgresSQL.Filter()
            if let subject { filter.add("subject = $", subject) }
            let rows = try statements.rows(
                "SELECT * FROM assessment \(filter.clause)ORDER BY started_at_ms DESC, id DESC", filter.values)
            return try rows.map { row in (row, try Self.attemptRows(statements, assessment: row["id"] as Int64? ?? 0)) }
        }
        var assessments: [StoredAssessment] = []
        for (row, attempts) in loaded { assessments.append(try SQLiteHistory.assessment(row, attempts: attempts)) }
        return assessments
    }

    public func assessment(id: Int64) throws(StoreError) -> StoredAssessment {
        let loaded: (Row, [Row])? = try read { statements in
            guard let row = try statements.row("SELECT * FROM assessment WHERE id = $1", [id]) else { return nil }
            return (row, try Self.attemptRows(statements, assessment: id))
        }
        guard let (row, attempts) = loaded else { throw .unknownAssessment(id) }
        return try SQLiteHistory.assessment(row, attempts: attempts)
    }

    /// See ``SessionHistory/id(named:)``: the few rows whose uid starts with the name's prefix.
    public func id(named name: String) throws(StoreError) -> Int64 {
        guard let (kind, prefix) = StableName.parse(name) else { throw .unknownName(name) }
        let table = kind == .session ? "session" : "assessment"
        let rows = try read { statements in try statements.rows("SELECT id, uid FROM \(table) WHERE uid LIKE $1 LIMIT 5", [prefix + "%"]) }
        return try StableName.resolve(name, kind: kind, matches: rows.map { (id: $0["id"] ?? 0, uid: $0["uid"] ?? "") })
    }

    private static func attemptRows(_ statements: PostgresStatements, assessment: Int64) throws -> [Row] {
        try statements.rows(
            """
            SELECT id, started_at_ms, hand, trial, attempt, peak, flag, uid FROM session WHERE assessment_id = $1
            ORDER BY started_at_ms, id
            """,
            [assessment])
    }
}
