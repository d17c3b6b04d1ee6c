import GripFitClinical
import GripFitExchange
import GripFitRecords

/// The saved sessions as the commands and the dashboard use them. A process opens one (this
/// station's ``SQLiteHistory``, or a shared server's behind a ``StationHistory``) and hands it to
/// whoever reads or saves, so no command knows where the sessions live.
public protocol SessionHistory: Sendable {
    /// Where the sessions are (a file path or a server), for messages and rescue files.
    var location: String { get }

    /// Fails now, before a recording starts, if a session of about `bytes` could not be saved at
    /// its end, so the user does not squeeze for the whole duration first.
    func checkCanSave(bytes: Int) throws(StoreError)

    /// What the backend's own consistency check finds wrong; empty when the history is sound.
    func integrityProblems() throws(StoreError) -> [String]

    /// Saves a session with its reps and trace, all or nothing. Where the history already holds a
    /// session of the same device and start time, see ``SameStart``: a session it already holds is
    /// skipped; any other is filed at the next free millisecond, so nothing is dropped.
    func save(_ session: StoredSession, sameStart: SameStart) throws(StoreError) -> SaveOutcome

    /// The sessions ``SessionFilter`` picks, newest first (a subject not in the history is
    /// ``StoreError/unknownSubject(_:)``); rows that do not decode are listed apart as damaged, so
    /// one bad row hides nothing else.
    func list(_ filter: SessionFilter) throws(StoreError) -> SessionListing

    /// The sessions ``SessionFilter`` picks as `history` presents them (``HistoryEntry``, in `book`'s
    /// later calibrations), newest first, each handed to `body` as it is read, a row that does not
    /// read as its error, so a long history is never held whole; `body` returns false to stop.
    func eachEntry(
        _ filter: SessionFilter,
        book: [StoredCalibration],
        _ body: (Result<HistoryEntry, StoreError>) -> Bool
    )
        throws(StoreError)

    /// How many sessions the filter picks, its limit ignored: what a listing cut to a screenful says it left out.
    func count(_ filter: SessionFilter) throws(StoreError) -> Int

    /// One page of sessions, newest first (``SessionQuery``): what the dashboard lists and charts,
    /// so a long history is never read whole; ``StoreError/notFound(id:)`` when `before` names no session.
    func page(_ query: SessionQuery) throws(StoreError) -> SessionPage

    /// Every session id, oldest first, for `export --all`.
    func allIDs() throws(StoreError) -> [Int64]

    /// Up to `limit` whole sessions with ids above `afterID`, by id: export, copy and sync read a
    /// history in batches, so their memory stays flat whatever its size.
    func sessions(afterID: Int64, limit: Int) throws(StoreError) -> [StoredSession]

    /// A whole session: summary, reps and trace; ``StoreError/notFound(id:)`` when there is none.
    func session(id: Int64) throws(StoreError) -> StoredSession

    /// The id here of the session or assessment a stable name (``StableName``: `s-…` or `a-…`, any
    /// prefix naming one) names: ``StoreError/unknownName(_:)`` when none, ``StoreError/ambiguousName(_:matches:)`` when several.
    func id(named name: String) throws(StoreError) -> Int64

    /// Files a new subject; ``StoreError/duplicateSubject(_:)`` when the code is taken.
    func addSubject(_ subject: Subject) throws(StoreError)

    /// Replaces a subject's facts (the code stays); ``StoreError/unknownSubject(_:)`` when there is none.
    func updateSubject(_ subject: Subject) throws(StoreError)

    func subject(code: String) throws(StoreError) -> Subject

    /// Every subject, by code.
    func subjects() throws(StoreError) -> [Subject]

    /// Deletes a subject with their assessments and sessions, leaving nothing of them behind.
    func forgetSubject(code: String) throws(StoreError) -> ForgottenSubject

    /// Which of `codes` name subjects forgotten on this history, which a station holding copies
    /// must not push or keep: a shared server keeps a tombstone per forgotten code; a file, whose
    /// forget leaves no copies elsewhere, names none.
    func erasedCodes(among codes: [String]) throws(StoreError) -> [String]

    /// Files an assessment and its first attempt together (all or nothing); later attempts are
    /// saved with its id in their tags.
    func saveFirstAttempt(_ session: StoredSession, of facts: AssessmentFacts) throws(StoreError) -> FirstAttempt

    /// What a `subject forget` of this code deletes: counted with the delete's own rule.
    func holdings(subject code: String) throws(StoreError) -> ForgottenSubject

    /// Files what an export file holds, checked whole first and written in one transaction, so a
    /// refused file leaves the history as it was.
    func importContents(_ contents: ExchangeContents) throws(StoreError) -> ImportOutcome

    /// Assessments with their attempts, newest first; only one subject's when `subject` is given.
    func assessments(subject: String?) throws(StoreError) -> [StoredAssessment]

    /// ``StoreError/unknownAssessment(_:)`` when there is none.
    func assessment(id: Int64) throws(StoreError) -> StoredAssessment

    /// The clinic's identity, a UUID made once when the history was created and shared by every
    /// station of it: FHIR exports put it in every id and identifier system, so two clinics'
    /// subject `S1` never merge in an EHR.
    func siteIdentity() throws(StoreError) -> String

    /// Appends one entry to the audit trail (``AuditEntry``), in a transaction of its own; the
    /// subjects' codes are kept as keyed digests. ``AuditTrail`` is what commands call.
    func appendAudit(_ event: AuditEvent, by actor: AuditActor, at atMilliseconds: Int64) throws(StoreError)

    /// The audit entries `filter` picks, oldest first.
    func auditEntries(_ filter: AuditFilter) throws(StoreError) -> [AuditEntry]

    /// The first entry where the audit trail's chain does not hold; nil when it holds.
    func verifyAudit() throws(StoreError) -> AuditBreak?
}

extension SessionHistory {
    /// A session is about 1 MiB at most (a long recording's trace).
    public func checkCanSave() throws(StoreError) {
        try checkCanSave(bytes: 1 << 20)
    }

    /// Refuses to add to a damaged history: the new session would be written into broken pages.
    public func checkIntegrity() throws(StoreError) {
        if let first = try integrityProblems().first { throw .damaged(path: location, detail: "integrity check: \(first)") }
    }

    /// Every session, newest first.
    public func list() throws(StoreError) -> SessionListing {
        try list(SessionFilter())
    }

    public func list(device: String?) throws(StoreError) -> SessionListing {
        try list(SessionFilter(device: device))
    }

    public func list(sinceMilliseconds: Int64?) throws(StoreError) -> SessionListing {
        try list(SessionFilter(since: sinceMilliseconds))
    }

    /// A subject's sessions, newest first.
    public func list(subject: String) throws(StoreError) -> SessionListing {
        try list(SessionFilter(subject: subject))
    }
}
