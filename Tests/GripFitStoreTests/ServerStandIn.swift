import GripFitClinical
import GripFitExchange
import GripFitRecords
import GripFitStore
import Synchronization

/// A history server for ``StationHistory`` tests: a SQLite history behind a switch that makes
/// every call fail as an unreachable server does, and counts the calls that reached it.
final class ServerStandIn: SessionHistory {
    let backing: SQLiteHistory
    private let down = Mutex(false)

    init(path: String) throws {
        backing = try SQLiteHistory(path: path)
    }

    var location: String { "postgresql://gripfit@server.test/gripfit" }

    /// From now on every call fails with ``StoreError/unreachable(location:reason:)``, or answers again.
    func set(down isDown: Bool) { down.withLock { $0 = isDown } }

    /// The opener a ``StationHistory`` is given: unreachable while down, as a server that does not answer at open.
    func open(_ url: String) throws(StoreError) -> any SessionHistory {
        try reach()
        return self
    }

    private func reach() throws(StoreError) {
        if down.withLock({ $0 }) { throw .unreachable(location: location, reason: "connection refused") }
    }

    func checkCanSave(bytes: Int) throws(StoreError) {
        try reach()
        try backing.checkCanSave(bytes: bytes)
    }
    func integrityProblems() throws(StoreError) -> [String] {
        try reach()
        return try backing.integrityProblems()
    }
    func save(_ session: StoredSession, sameStart: SameStart) throws(StoreError) -> SaveOutcome {
        try reach()
        return try backing.save(session, sameStart: sameStart)
    }
    func list(_ filter: SessionFilter) throws(StoreError) -> SessionListing {
        try reach()
        return try backing.list(filter)
    }
    func eachEntry(
        _ filter: SessionFilter,
        book: [StoredCalibration],
        _ body: (Result<HistoryEntry, StoreError>) -> Bool
    )
        throws(StoreError)
    {
        try reach()
        try backing.eachEntry(filter, book: book, body)
    }
    func count(_ filter: SessionFilter) throws(StoreError) -> Int {
        try reach()
        return try backing.count(filter)
    }
    func page(_ query: SessionQuery) throws(StoreError) -> SessionPage {
        try reach()
        return try backing.page(query)
    }
    func allIDs() throws(StoreError) -> [Int64] {
        try reach()
        return try backing.allIDs()
    }
    func sessions(afterID: Int64, limit: Int) throws(StoreError) -> [StoredSession] {
        try reach()
        return try backing.sessions(afterID: afterID, limit: limit)
    }
    func session(id: Int64) throws(StoreError) -> StoredSession {
        try reach()
        return try backing.session(id: id)
    }
    func id(named name: String) throws(StoreError) -> Int64 {
        try reach()
        return try backing.id(named: name)
    }
    func addSubject(_ subject: Subject) throws(StoreError) {
        try reach()
        try backing.addSubject(subject)
    }
    func updateSubject(_ subject: Subject) throws(StoreError) {
        try reach()
        try backing.updateSubject(subject)
    }
    func subject(code: String) throws(StoreError) -> Subject {
        try reach()
        return try backing.subject(code: code)
    }
    func subjects() throws(StoreError) -> [Subject] {
        try reach()
        return try backing.subjects()
    }
    func forgetSubject(code: String) throws(StoreError) -> ForgottenSubject {
        try reach()
        return try backing.forgetSubject(code: code)
    }
    func erasedCodes(among codes: [String]) throws(StoreError) -> [String] {
        try reach()
        return try backing.erasedCodes(among: codes)
    }
    func saveFirstAttempt(_ session: StoredSession, of facts: AssessmentFacts) throws(StoreError) -> FirstAttempt {
        try reach()
        return try backing.saveFirstAttempt(session, of: facts)
    }
    func holdings(subject code: String) throws(StoreError) -> ForgottenSubject {
        try reach()
        return try backing.holdings(subject: code)
    }
    func importContents(_ contents: ExchangeContents) throws(StoreError) -> ImportOutcome {
        try reach()
        return try backing.importContents(contents)
    }
    func siteIdentity() throws(StoreError) -> String {
        try reach()
        return try backing.siteIdentity()
    }
    func assessments(subject: String?) throws(StoreError) -> [StoredAssessment] {
        try reach()
        return try backing.assessments(subject: subject)
    }
    func assessment(id: Int64) throws(StoreError) -> StoredAssessment {
        try reach()
        return try backing.assessment(id: id)
    }
    func appendAudit(_ event: AuditEvent, by actor: AuditActor, at atMilliseconds: Int64) throws(StoreError) {
        try reach()
        try backing.appendAudit(event, by: actor, at: atMilliseconds)
    }
    func auditEntries(_ filter: AuditFilter) throws(StoreError) -> [AuditEntry] {
        try reach()
        return try backing.auditEntries(filter)
    }
    func verifyAudit() throws(StoreError) -> AuditBreak? {
        try reach()
        return try backing.verifyAudit()
    }
}
