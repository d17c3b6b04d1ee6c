import GripFitClinical

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
        from source: any SessionHistory, to destination: any SessionHistory, batchSize: Int = batchSize,
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
            progress(outcome.added + outcome.skipped, total)
            after = last
        }
        return outcome
    }

    /// Pushes the sessions `local` holds marked pending, with their subjects and assessments, and
    /// clears each batch's marks once `destination` has committed it.
    public static func push(
        pendingFrom local: SQLiteHistory, to destination: any SessionHistory, batchSize: Int = batchSize
    ) throws(StoreError) -> ImportOutcome {
        var outcome = ImportOutcome(added: 0, skipped: 0)
        var after: Int64 = 0
        while true {
            let ids = try local.pendingIDs(afterID: after, limit: max(batchSize, 1))
            guard let last = ids.last else { break }
            let sessions = try ids.map { (id) throws(StoreError) in try local.session(id: id) }
            let batch = try destination.importContents(contents(of: sessions, from: local))
            try local.clearPending(ids)
            outcome.added += batch.added
            outcome.skipped += batch.skipped
            after = last
        }
        return outcome
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
            sessions: sessions, subjects: subjects.keys.sorted().compactMap { subjects[$0] },
            assessments: assessments.keys.sorted().compactMap { id in assessments[id].map { (id, $0) } })
    }
}
