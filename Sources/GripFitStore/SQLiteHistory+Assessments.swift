import Foundation
import GRDB
import GripFitCore
import GripFitRecords

extension SQLiteHistory {
    /// Files a new assessment with its first attempt, in one transaction, so a failed save leaves no
    /// assessment without attempts; each later attempt is saved as it ends (a crash loses none).
    public func saveFirstAttempt(_ session: StoredSession, of facts: AssessmentFacts) throws(StoreError) -> FirstAttempt {
        let stored = try StoredTrace(session.trace)
        return try write { db in
            let assessment = try Self.insertAssessment(db, facts)
            var attempt = session
            attempt.tags.assessment = assessment
            let outcome = try insert(db, attempt, trace: stored, sameStart: .nextFreeMillisecond)
            return FirstAttempt(outcome: outcome, assessment: assessment)
        }
    }

    /// Inserts an assessment inside the caller's transaction (``SQLHistory``'s rule).
    static func insertAssessment(_ db: Database, _ facts: AssessmentFacts) throws -> Int64 {
        try SQLHistory(db).insertAssessment(facts)
    }

    public func assessments(subject: String?) throws(StoreError) -> [StoredAssessment] {
        let subject = try subject.map { (given) throws(StoreError) in try self.subject(code: given).code }
        return try read { db in try SQLHistory(db).assessments(subject: subject) }
    }

    public func assessment(id: Int64) throws(StoreError) -> StoredAssessment {
        guard let assessment = try read({ db in try SQLHistory(db).assessment(id: id) }) else { throw .unknownAssessment(id) }
        return assessment
    }
}
