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

    /// Inserts an assessment inside the caller's transaction (``SQLHistory``'s rule).
    static func insertAssessment(_ statements: PostgresStatements, _ facts: AssessmentFacts) throws -> Int64 {
        try SQLHistory(statements).insertAssessment(facts)
    }

    public func assessments(subject: String?) throws(StoreError) -> [StoredAssessment] {
        let subject = try subject.map { (given) throws(StoreError) in try self.subject(code: given).code }
        return try read { statements in try SQLHistory(statements).assessments(subject: subject) }
    }

    public func assessment(id: Int64) throws(StoreError) -> StoredAssessment {
        guard let assessment = try read({ statements in try SQLHistory(statements).assessment(id: id) }) else {
            throw .unknownAssessment(id)
        }
        return assessment
    }

    /// See ``SessionHistory/id(named:)``: the few rows whose uid starts with the name's prefix.
    public func id(named name: String) throws(StoreError) -> Int64 {
        guard let (kind, prefix) = StableName.parse(name) else { throw .unknownName(name) }
        let table = kind == .session ? "session" : "assessment"
        let rows = try read { statements in try statements.rows("SELECT id, uid FROM \(table) WHERE uid LIKE $1 LIMIT 5", [prefix + "%"]) }
        return try StableName.resolve(name, kind: kind, matches: rows.map { (id: $0["id"] ?? 0, uid: $0["uid"] ?? "") })
    }
}
