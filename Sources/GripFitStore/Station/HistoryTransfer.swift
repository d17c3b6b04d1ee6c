import GripFitClinical
import GripFitExchange
import GripFitRecords

/// Moving whole sessions from one history to another (`history copy`, `history sync`) through the
/// destination's ``SessionHistory/importContents(_:)``: in batches, so memory stays flat whatever
/// the history's size, each batch one transaction there. The import skips a session the destination
/// holds (same device, start and trace), so a transfer run twice, or killed and run again, adds each
/// session once.
public enum HistoryTransfer {
    /// Sessions per batch: a few MiB of traces, one commit each.
    public static let batchSize = 500

    /// Copies every subject, then every session with the assessments it belongs to, oldest id
    /// first. `progress` gets the sessions done so far and the total after each batch.
    public static func copy(
        from source: any SessionHistory,
        to destination: any SessionHistory,
        batchSize: Int = batchSize,
        progress: (_ done: Int, _ total: Int) -> Void = { _, _ in }
    ) throws(StoreError) -> ImportOutcome {
        let total = try source.allIDs().count
        let subjects = try source.subjects()
        if !subjects.isEmpty { _ = try destination.importContents(ExchangeContents(sessions: [], subjects: subjects, assessments: [])) }
        var outcome = ImportOutcome(added: 0, skipped: 0)
        var after: Int64 = 0
        while true {
            let sessions = try source.sessions(afterID: after, limit: max(batchSize, 1))
            guard let last = sessions.last?.id else { break }
            let batch = try destination.importContents(contents(of: sessions, from: source))
            outcome.added += batch.added
            outcome.skipped += batch.skipped
            outcome.erased += batch.erased
            progress(outcome.added + outcome.skipped + outcome.erased, total)
            after = last
        }
        return outcome
    }

    /// Pushes the sessions `local` holds marked pending, with their subjects and assessments, and
    /// clears each batch's marks once `destination` has committed it. Subjects forgotten there are
    /// removed from `local` first (``forgetErased(by:in:)``), so nothing of them is pushed or kept;
    /// a subject `destination` holds keeps its facts there (``HeldSubjects/historyWins``: subjects
    /// are edited on the server) and `local`'s copy is refreshed to them.
    public static func push(
        pendingFrom local: SQLiteHistory,
        to destination: any SessionHistory,
        batchSize: Int = batchSize
    ) throws(StoreError) -> ImportOutcome {
        var outcome = ImportOutcome(added: 0, skipped: 0)
        outcome.erased = try forgetErased(by: destination, in: local).sessions
        var after: Int64 = 0
        while true {
            let ids = try local.pendingIDs(afterID: after, limit: max(batchSize, 1))
            guard let last = ids.last else { break }
            let sessions = try ids.map { (id) throws(StoreError) in try local.session(id: id) }
            var contents = try contents(of: sessions, from: local)
            contents.heldSubjects = .historyWins
            let batch = try destination.importContents(contents)
            try refresh(contents.subjects, from: destination, in: local)
            try local.clearPending(ids)
            outcome.added += batch.added
            outcome.skipped += batch.skipped
            after = last
        }
        // A subject forgotten on the server while this push ran: its sessions were not filed there; none stay here.
        outcome.erased += try forgetErased(by: destination, in: local).sessions
        return outcome
    }

    /// Removes from `local` the subjects `server` names forgotten (an erasure made at another
    /// station), with their sessions and assessments, as `subject forget` removes them: what a
    /// station learns at each contact with the server. The counts removed; `subjects` 0 when none.
    public static func forgetErased(
        by server: any SessionHistory,
        in local: SQLiteHistory
    ) throws(StoreError) -> (subjects: Int, sessions: Int, assessments: Int) {
        let erased = try server.erasedCodes(among: try local.subjectCodes())
        var removed = (subjects: 0, sessions: 0, assessments: 0)
        for code in erased {
            let forgotten = try local.forgetSubject(code: code)
            removed.subjects += 1
            removed.sessions += forgotten.sessions
            removed.assessments += forgotten.assessments
        }
        return removed
    }

    /// This station's copies of the subjects pushed, as `destination` now holds them.
    private static func refresh(_ subjects: [Subject], from destination: any SessionHistory, in local: SQLiteHistory) throws(StoreError) {
        for copy in subjects {
            let held: Subject
            do throws(StoreError) {
                held = try destination.subject(code: copy.code)
            } catch {
                // Forgotten there meanwhile: removed from here after the push.
                if case .unknownSubject = error { continue }
                throw error
            }
            if held != copy { try local.updateSubject(held) }
        }
    }

    /// The sessions as an export file would carry them: with the subjects and assessments they
    /// name, read from `source` (an assessment's id there is the file id the import maps).
    static func contents(of sessions: [StoredSession], from source: any SessionHistory) throws(StoreError) -> ExchangeContents {
        var subjects: [String: Subject] = [:]
        var assessments: [Int64: AssessmentFacts] = [:]
        for session in sessions {
            if let code = session.tags.subject, subjects[code] == nil { subjects[code] = try source.subject(code: code) }
            if let id = session.tags.assessment, assessments[id] == nil {
                let facts = try source.assessment(id: id).facts
                if let code = facts.subject, subjects[code] == nil { subjects[code] = try source.subject(code: code) }
                assessments[id] = facts
            }
        }
        return ExchangeContents(
            sessions: sessions,
            subjects: subjects.keys.sorted().compactMap { subjects[$0] },
            assessments: assessments.keys.sorted().compactMap { id in assessments[id].map { (id, $0) } }
        )
    }
}
