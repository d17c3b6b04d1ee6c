import GripFitRecords
import GripFitStore

extension PostgresHistory {
    /// A new assessment and its first attempt in one transaction
    /// (``SQLHistory/insertFirstAttempt(_:of:trace:location:failAfterReps:)``).
    public func saveFirstAttempt(_ session: StoredSession, of facts: AssessmentFacts) throws(StoreError) -> FirstAttempt {
        let stored = try StoredTrace(session.trace)
        return try transaction { statements in
            try SQLHistory(statements).insertFirstAttempt(session, of: facts, trace: stored, location: location)
        }
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

    public func id(named name: String) throws(StoreError) -> Int64 {
        try read { statements in try SQLHistory(statements).id(named: name) }
    }
}
