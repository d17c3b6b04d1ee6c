import GRDB
import GripFitRecords

/// Sessions saved on this station while the shared server was away, until `history sync` pushes
/// them: the mark is written in the save's own transaction, so no session is saved unmarked, and
/// cleared only after the server has committed the session, so a sync killed in between pushes it
/// again (the server skips what it holds) rather than never.
extension SQLiteHistory {
    /// ``save(_:sameStart:)`` with the session marked pending.
    public func savePending(_ session: StoredSession, sameStart: SameStart) throws(StoreError) -> SaveOutcome {
        let stored = try StoredTrace(session.trace)
        return try write { db in
            let outcome = try insert(db, session, trace: stored, sameStart: sameStart)
            if case .inserted(let id) = outcome { try Self.mark(db, id) }
            return outcome
        }
    }

    /// ``saveFirstAttempt(_:of:)`` with the attempt marked pending (its assessment goes with it when pushed).
    public func saveFirstAttemptPending(_ session: StoredSession, of facts: AssessmentFacts) throws(StoreError) -> FirstAttempt {
        let stored = try StoredTrace(session.trace)
        return try write { db in
            let first = try SQLHistory(db).insertFirstAttempt(
                session,
                of: facts,
                trace: stored,
                location: path,
                failAfterReps: failAfterReps
            )
            if case .inserted(let id) = first.outcome { try Self.mark(db, id) }
            return first
        }
    }

    /// Files here a copy of an assessment the server holds, with the attempts already saved there
    /// (not marked pending: the server has them), in one transaction: a guided run whose server went
    /// away mid-run files its later attempts beside them and reads the assessment whole from here.
    func copyAssessment(_ facts: AssessmentFacts, attempts: [StoredSession]) throws(StoreError) -> Int64 {
        let traces = try attempts.map { (attempt) throws(StoreError) in try StoredTrace(attempt.trace) }
        return try write { db in
            let copy = try SQLHistory(db).insertAssessment(facts)
            for (attempt, trace) in zip(attempts, traces) {
                var attempt = attempt
                attempt.id = nil
                attempt.tags.assessment = copy
                _ = try insert(db, attempt, trace: trace, sameStart: .skip)
            }
            return copy
        }
    }

    /// Up to `limit` pending session ids above `afterID`, oldest first.
    public func pendingIDs(afterID: Int64 = 0, limit: Int = Int(Int32.max)) throws(StoreError) -> [Int64] {
        try read { db in
            try Int64.fetchAll(
                db,
                sql: "SELECT session_id FROM pending_push WHERE session_id > ? ORDER BY session_id LIMIT ?",
                arguments: [afterID, max(limit, 0)]
            )
        }
    }

    public func pendingCount() throws(StoreError) -> Int {
        try read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM pending_push") ?? 0 }
    }

    /// Forgets the marks of sessions the server now holds; the sessions stay in this station's history.
    public func clearPending(_ ids: [Int64]) throws(StoreError) {
        try write { db in
            for id in ids { try db.execute(sql: "DELETE FROM pending_push WHERE session_id = ?", arguments: [id]) }
        }
    }

    private static func mark(_ db: Database, _ id: Int64) throws {
        try db.execute(sql: "INSERT OR IGNORE INTO pending_push (session_id) VALUES (?)", arguments: [id])
    }
}
