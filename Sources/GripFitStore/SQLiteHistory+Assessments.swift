import Foundation
import GRDB
import GripFitCore
import GripFitRecords

extension SQLiteHistory {
    /// Files a new assessment with its first attempt, in one transaction, so a failed save leaves no
    /// assessment without attempts; each later attempt is saved as it ends (a crash loses none).
    public func saveFirstAttempt(_ session: StoredSession, of facts: AssessmentFacts) throws(StoreError) -> FirstAttempt {
        let stored = try StoredTrace(session.trace)
        do {
            return try queue.write { db in
                let assessment = try Self.insertAssessment(db, facts)
                var attempt = session
                attempt.tags.assessment = assessment
                let outcome = try insert(db, attempt, trace: stored, sameStart: .nextFreeMillisecond)
                return FirstAttempt(outcome: outcome, assessment: assessment)
            }
        } catch let error as StoreError {
            throw error
        } catch {
            throw Self.failure(error, path: path)
        }
    }

    /// Inserts an assessment inside the caller's transaction; refuses a subject the history does not hold.
    static func insertAssessment(_ db: Database, _ facts: AssessmentFacts) throws -> Int64 {
        if let subject = facts.subject, try subjectRow(db, code: subject) == nil {
            throw StoreError.unknownSubject(subject)
        }
        try db.execute(
            sql: """
                INSERT INTO assessment (subject, device, started_at_ms, protocol, first_hand, trials_per_hand, rest_s,
                    unit, calibration_date, uid) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                facts.subject, facts.device, facts.startedAtMilliseconds, facts.protocolName, facts.firstHand.rawValue,
                facts.trialsPerHand, facts.restSeconds, facts.unit, facts.calibrationDate, facts.uid ?? StableName.random(),
            ])
        return db.lastInsertedRowID
    }

    /// Assessments with their attempts, newest first; only the subject's when `subject` is given.
    public func assessments(subject: String?) throws(StoreError) -> [StoredAssessment] {
        let subject = try subject.map { (given) throws(StoreError) in try self.subject(code: given).code }
        let loaded: [(Row, [Row])]
        do {
            loaded = try queue.read { db in
                let rows = try Row.fetchAll(
                    db, sql: "SELECT * FROM assessment WHERE ?1 IS NULL OR subject = ?1 ORDER BY started_at_ms DESC, id DESC",
                    arguments: [subject])
                return try rows.map { row in (row, try Self.attemptRows(db, assessment: row["id"] as Int64? ?? 0)) }
            }
        } catch {
            throw Self.failure(error, path: path)
        }
        var assessments: [StoredAssessment] = []
        for (row, attempts) in loaded { assessments.append(try Self.assessment(row, attempts: attempts)) }
        return assessments
    }

    public func assessment(id: Int64) throws(StoreError) -> StoredAssessment {
        let loaded: (Row, [Row])?
        do {
            loaded = try queue.read { db in
                guard let row = try Row.fetchOne(db, sql: "SELECT * FROM assessment WHERE id = ?", arguments: [id]) else { return nil }
                return (row, try Self.attemptRows(db, assessment: id))
            }
        } catch {
            throw Self.failure(error, path: path)
        }
        guard let (row, attempts) = loaded else { throw .unknownAssessment(id) }
        return try Self.assessment(row, attempts: attempts)
    }

    private static func attemptRows(_ db: Database, assessment: Int64) throws -> [Row] {
        try Row.fetchAll(
            db,
            sql: """
                SELECT id, started_at_ms, hand, trial, attempt, peak, flag, uid FROM session WHERE assessment_id = ?
                ORDER BY started_at_ms, id
                """,
            arguments: [assessment])
    }

    package static func assessment(_ row: Row, attempts attemptRows: [Row]) throws(StoreError) -> StoredAssessment {
        let id: Int64 = (try? StoredRow(row: row, record: "an assessment").value("id")) ?? 0
        let stored = StoredRow(row: row, record: StoredAssessment.name(id))
        let firstHandText: String = try stored.value("first_hand")
        guard let firstHand = Hand(rawValue: firstHandText) else { throw stored.damaged("first_hand", "is \(firstHandText)") }
        let facts = AssessmentFacts(
            subject: try stored.optional("subject"), device: try stored.value("device"),
            startedAtMilliseconds: try stored.value("started_at_ms"), protocolName: try stored.value("protocol"),
            firstHand: firstHand, trialsPerHand: try stored.count("trials_per_hand"), restSeconds: try stored.finite("rest_s"),
            unit: try stored.value("unit"), calibrationDate: try stored.optional("calibration_date"),
            uid: try stored.optional("uid"))
        var attempts: [AssessmentAttempt] = []
        for attemptRow in attemptRows {
            let session: Int64 = (try? StoredRow(row: attemptRow, record: "a session").value("id")) ?? 0
            let columns = StoredRow(row: attemptRow, session: session)
            let handText: String = try columns.value("hand")
            guard let hand = Hand(rawValue: handText) else { throw columns.damaged("hand", "is \(handText)") }
            var attempt = AssessmentAttempt(
                session: session, startedAtMilliseconds: try columns.value("started_at_ms"), hand: hand,
                trial: try columns.count("trial"), attempt: try columns.count("attempt"), peak: try columns.finite("peak"),
                flag: try columns.optional("flag"))
            attempt.uid = try columns.optional("uid")
            attempts.append(attempt)
        }
        return StoredAssessment(id: id, facts: facts, attempts: attempts)
    }
}
