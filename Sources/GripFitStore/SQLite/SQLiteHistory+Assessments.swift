import Foundation
import GRDB
import GripFitCore
import GripFitRecords

extension SQLiteHistory {
    /// Files a new assessment with its first attempt in one transaction
    /// (``SQLHistory/insertFirstAttempt(_:of:trace:location:failAfterReps:)``).
    public func saveFirstAttempt(_ session: StoredSession, of facts: AssessmentFacts) throws(StoreError) -> FirstAttempt {
        let stored = try StoredTrace(session.trace)
        return try write { db in
            try SQLHistory(db).insertFirstAttempt(session, of: facts, trace: stored, location: path, failAfterReps: failAfterReps)
        }
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
