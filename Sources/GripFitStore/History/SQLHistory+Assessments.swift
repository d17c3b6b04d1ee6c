import GripFitCore
import GripFitRecords

extension SQLHistory {
    /// Inserts an assessment inside the caller's transaction; refuses a subject the history does not hold.
    package func insertAssessment(_ facts: AssessmentFacts) throws -> Int64 {
        if let subject = facts.subject, try subjectRow(code: subject) == nil {
            throw StoreError.unknownSubject(subject)
        }
        let row = try rows(
            """
            INSERT INTO assessment (subject, device, started_at_ms, protocol, first_hand, trials_per_hand, rest_s, unit,
                calibration_date, uid, protocol_version) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id
            """,
            [
                facts.subject, facts.device, facts.startedAtMilliseconds, facts.protocolName, facts.firstHand.rawValue,
                facts.trialsPerHand, facts.restSeconds, facts.unit, facts.calibrationDate, facts.uid ?? StableName.random(),
                facts.protocolVersion,
            ]
        ).first
        guard let id: Int64 = row?["id"] else { throw StoreError.corrupt("no id was returned for a new assessment") }
        return id
    }

    /// A new assessment and its first attempt inside the caller's transaction, so a failed save
    /// leaves no assessment without attempts; each later attempt is saved as it ends (a crash loses none).
    package func insertFirstAttempt(
        _ session: StoredSession,
        of facts: AssessmentFacts,
        trace: StoredTrace,
        location: String,
        failAfterReps: Int? = nil
    ) throws -> FirstAttempt {
        let assessment = try insertAssessment(facts)
        var attempt = session
        attempt.tags.assessment = assessment
        let outcome = try insert(attempt, trace: trace, sameStart: .nextFreeMillisecond, location: location, failAfterReps: failAfterReps)
        return FirstAttempt(outcome: outcome, assessment: assessment)
    }

    /// Assessments with their attempts, newest first; only the subject's when `subject` (the code
    /// as stored) is given.
    package func assessments(subject: String?) throws -> [StoredAssessment] {
        let rows = try self.rows(
            "SELECT * FROM assessment" + (subject == nil ? "" : " WHERE subject = ?") + " ORDER BY started_at_ms DESC, id DESC",
            subject.map { [$0] } ?? []
        )
        return try rows.map { row in try Self.assessment(row, attempts: attemptRows(assessment: row["id"] ?? 0)) }
    }

    /// The assessment of that id; nil when there is none.
    package func assessment(id: Int64) throws -> StoredAssessment? {
        guard let row = try rows("SELECT * FROM assessment WHERE id = ?", [id]).first else { return nil }
        return try Self.assessment(row, attempts: attemptRows(assessment: id))
    }

    private func attemptRows(assessment: Int64) throws -> [HistoryRow] {
        try rows(
            """
            SELECT id, started_at_ms, hand, trial, attempt, peak, flag, uid FROM session WHERE assessment_id = ?
            ORDER BY started_at_ms, id
            """,
            [assessment]
        )
    }

    /// An assessment as stored, with its attempts' rows, checked: a damaged row names its column.
    static func assessment(_ row: HistoryRow, attempts attemptRows: [HistoryRow]) throws(StoreError) -> StoredAssessment {
        let id: Int64 = (try? StoredRow(row: row, record: "an assessment").value("id")) ?? 0
        let stored = StoredRow(row: row, record: StoredAssessment.name(id))
        let firstHandText: String = try stored.value("first_hand")
        guard let firstHand = Hand(rawValue: firstHandText) else { throw stored.damaged("first_hand", "is \(firstHandText)") }
        let facts = AssessmentFacts(
            subject: try stored.optional("subject"),
            device: try stored.value("device"),
            startedAtMilliseconds: try stored.value("started_at_ms"),
            protocolName: try stored.value("protocol"),
            firstHand: firstHand,
            trialsPerHand: try stored.count("trials_per_hand"),
            restSeconds: try stored.finite("rest_s"),
            unit: try stored.value("unit"),
            calibrationDate: try stored.optional("calibration_date"),
            uid: try stored.optional("uid"),
            protocolVersion: try stored.optional("protocol_version")
        )
        var attempts: [AssessmentAttempt] = []
        for attemptRow in attemptRows {
            let session: Int64 = (try? StoredRow(row: attemptRow, record: "a session").value("id")) ?? 0
            let columns = StoredRow(row: attemptRow, session: session)
            let handText: String = try columns.value("hand")
            guard let hand = Hand(rawValue: handText) else { throw columns.damaged("hand", "is \(handText)") }
            var attempt = AssessmentAttempt(
                session: session,
                startedAtMilliseconds: try columns.value("started_at_ms"),
                hand: hand,
                trial: try columns.count("trial"),
                attempt: try columns.count("attempt"),
                peak: try columns.finite("peak"),
                flag: try columns.optional("flag")
            )
            attempt.uid = try columns.optional("uid")
            attempts.append(attempt)
        }
        return StoredAssessment(id: id, facts: facts, attempts: attempts)
    }
}
