import GripFitClinical
import GripFitExchange
import GripFitOutput
import GripFitRecords
import Synchronization

/// The shared server's history as one station uses it: the server first, and this station's own
/// SQLite file (`local`) when the server cannot be reached, so a recording is never lost to a
/// network. A session saved locally is marked pending until `history sync` (or the next process
/// that reaches the server) pushes it. Once the server is found unreachable, this process stays
/// local: a guided run's later attempts then land beside their assessment. Reading commands fail
/// instead, naming the local file, since half a history would be taken for the whole one.
public final class StationHistory: SessionHistory {
    /// The server's URL.
    public let location: String
    public let local: SQLiteHistory
    /// The server's history, or why it was found unreachable: from then on this process is local.
    private let server: Mutex<Result<any SessionHistory, StoreError>>
    private let warn: @Sendable (String) -> Void
    /// The last assessment this process filed (one guided run at a time), so its run can end with
    /// its clinical lines whether or not the server stays: see ``FiledAssessment``.
    private let filed = Mutex<FiledAssessment?>(nil)

    /// Opens the server's history with `open`; an ``StoreError/unreachable(location:reason:)`` server
    /// leaves this process local, any other failure (a refused login, a newer schema) is thrown.
    /// On reaching the server, what `local` holds pending is pushed first, and said on `warn`.
    public init(
        server url: String,
        local: SQLiteHistory,
        open: (String) throws(StoreError) -> any SessionHistory,
        warn: @escaping @Sendable (String) -> Void
    ) throws(StoreError) {
        location = url
        self.local = local
        self.warn = warn
        do throws(StoreError) {
            server = Mutex(.success(try open(url)))
        } catch {
            guard case .unreachable = error else { throw error }
            server = Mutex(.failure(error))
            return
        }
        forgetErased()
        mirrorSubjects()
        pushPending()
        adoptServerSite()
    }

    /// Keeps the server's site identity in this station's file, so both name the same clinic (a
    /// station's file read alone, `--history sqlite:`, exports with the clinic's ids); a failure
    /// is said, and tried again at the next contact.
    private func adoptServerSite() {
        do throws(StoreError) {
            let site = try remote { (server) throws(StoreError) in try server.siteIdentity() }
            if try local.siteIdentity() != site { try local.adoptSite(site) }
        } catch {
            warn("\(error) (keeping the server's site identity in this station's history; the next contact tries again)")
        }
    }

    /// Keeps a copy here of every subject on the server, at each contact, so a subject filed at any
    /// station can be assessed here, with their norm, while the server is away (a norm needs their
    /// sex, birth and dominance); a failure is said, and tried again at the next contact.
    private func mirrorSubjects() {
        do throws(StoreError) {
            let held = Dictionary(try local.subjects().map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })
            let subjects = try remote { (server) throws(StoreError) in try server.subjects() }
            for subject in subjects where held[subject.code] != subject {
                if held[subject.code] == nil { try local.addSubject(subject) } else { try local.updateSubject(subject) }
            }
        } catch {
            warn(
                "\(error) (copying the server's subjects to this station, for assessing them while it is away; "
                    + "the next contact tries again)"
            )
        }
    }

    /// Removes what the server names forgotten (an erasure made at another station) from this
    /// station's file, and says so without naming the subject; a failure is said, and tried again
    /// at the next contact.
    private func forgetErased() {
        do throws(StoreError) {
            let removed = try remote { (server) throws(StoreError) in try HistoryTransfer.forgetErased(by: server, in: local) }
            guard removed.subjects > 0 else { return }
            warn(
                "\(location): \(removed.subjects) subject(s) forgotten on the server (an erasure made at another station) removed "
                    + "from this station's history (\(local.path)) with \(removed.sessions) session(s) and \(removed.assessments) "
                    + "assessment(s)"
            )
        } catch {
            warn("\(error) (removing subjects forgotten on the server from this station's history; the next contact tries again)")
        }
    }

    /// Pushes what is pending, if anything, and says how it went; a failure leaves it pending.
    /// Public for a long-running process that swaps in a new ``StationHistory`` once the server
    /// answers again: sessions its old one saved here while the new one was opening are pushed too.
    public func pushPending() {
        do throws(StoreError) {
            guard try local.pendingCount() > 0 else { return }
            let pushed = try sync()
            let pending = try local.pendingCount()
            warn("\(location): the sessions saved on this station while it was away: " + Self.pushed(pushed, pending: pending))
        } catch {
            warn("\(error) The sessions saved on this station stay pending; `gripfit-serial history sync` tries again.")
        }
    }

    /// `history sync`: the pending sessions pushed to the server, with how many it held already.
    public func sync() throws(StoreError) -> ImportOutcome {
        try remote { (server) throws(StoreError) in try HistoryTransfer.push(pendingFrom: local, to: server) }
    }

    /// Whether this process found the server unreachable and went local, which it stays (see the
    /// type's note): a long-running process (the dashboard) tries the server again by opening a new
    /// ``StationHistory`` and using it once that one reaches the server.
    public var isAway: Bool {
        if case .failure = server.withLock({ $0 }) { return true }
        return false
    }

    /// Sessions saved on this station that the server does not have yet.
    public func pendingCount() throws(StoreError) -> Int { try local.pendingCount() }

    /// "pushed N sessions (M already on the server); 0 pending".
    public static func pushed(_ outcome: ImportOutcome, pending: Int) -> String {
        let sessions = outcome.added == 1 ? "session" : "sessions"
        let erased =
            outcome.erased == 0
            ? "" : "; \(outcome.erased) session(s) of subjects forgotten on the server removed from this station"
        return "pushed \(outcome.added) \(sessions) (\(outcome.skipped) already on the server); \(pending) pending" + erased
    }

    // MARK: The server, or this station

    /// Runs `body` on the server; an unreachable server turns this process local and is rethrown
    /// naming the local file, for the commands that must not read half a history.
    private func remote<T>(_ body: (any SessionHistory) throws(StoreError) -> T) throws(StoreError) -> T {
        let current = server.withLock { $0 }
        switch current {
        case .failure(let error):
            throw offline(error)
        case .success(let history):
            do throws(StoreError) {
                return try body(history)
            } catch {
                guard case .unreachable = error else { throw error }
                server.withLock { $0 = .failure(error) }
                throw offline(error)
            }
        }
    }

    /// Runs `online` on the server; where it is unreachable, `offline` on this station's file.
    private func either<T>(
        _ online: (any SessionHistory) throws(StoreError) -> T,
        else offline: () throws(StoreError) -> T
    ) throws(StoreError) -> T {
        do throws(StoreError) {
            return try remote(online)
        } catch {
            guard case .unreachable = error else { throw error }
            return try offline()
        }
    }

    private func offline(_ error: StoreError) -> StoreError {
        guard case .unreachable(let location, let reason) = error else { return error }
        return .unreachable(
            location: location,
            reason: "\(reason); this station's own sessions are read with `--history sqlite:\(local.path)`"
        )
    }

    /// The reason the server is away, for the message of a session saved locally.
    private var awayReason: String {
        guard case .failure(.unreachable(_, let reason)) = server.withLock({ $0 }) else { return "unreachable" }
        return reason
    }

    private func savedLocally(_ outcome: SaveOutcome, _ session: StoredSession) {
        guard case .inserted = outcome else { return }
        warn(
            "\(location): the history server cannot be reached (\(awayReason)): saved session \(session.name ?? "") on this station "
                + "(\(local.path)); it is pending; `gripfit-serial history sync` pushes it"
        )
    }

    // MARK: SessionHistory

    public func checkCanSave(bytes: Int) throws(StoreError) {
        try either(
            { (server) throws(StoreError) in try server.checkCanSave(bytes: bytes) },
            else: { () throws(StoreError) in
                try local.checkCanSave(bytes: bytes)
            }
        )
    }

    /// The server's check; this station's file's once the server is away (the file a save goes to).
    public func integrityProblems() throws(StoreError) -> [String] {
        try either(
            { (server) throws(StoreError) in try server.integrityProblems() },
            else: { () throws(StoreError) in
                try local.integrityProblems()
            }
        )
    }

    /// The session gets its name here if it has none, so the server's row and any copy here share it.
    public func save(_ session: StoredSession, sameStart: SameStart) throws(StoreError) -> SaveOutcome {
        var session = session
        session.uid = session.uid ?? StableName.random()
        return try either(
            { (server) throws(StoreError) in
                let outcome = try server.save(session, sameStart: sameStart)
                if let id = session.tags.assessment {
                    filed.withLock { if $0?.id == id, $0?.onServer == true { $0?.attempts.append(session) } }
                }
                return outcome
            },
            else: { () throws(StoreError) in
                var session = session
                if let id = session.tags.assessment { session.tags.assessment = try copy(ofAssessment: id) }
                let outcome = try local.savePending(session, sameStart: sameStart)
                savedLocally(outcome, session)
                return outcome
            }
        )
    }

    /// The attempt and the assessment get their names here if they have none (see ``save(_:sameStart:)``).
    public func saveFirstAttempt(_ session: StoredSession, of facts: AssessmentFacts) throws(StoreError) -> FirstAttempt {
        var session = session
        session.uid = session.uid ?? StableName.random()
        var facts = facts
        facts.uid = facts.uid ?? StableName.random()
        return try either(
            { (server) throws(StoreError) in
                let first = try server.saveFirstAttempt(session, of: facts)
                var attempt = session
                attempt.tags.assessment = first.assessment
                filed.withLock { $0 = FiledAssessment(id: first.assessment, onServer: true, facts: facts, attempts: [attempt]) }
                return first
            },
            else: { () throws(StoreError) in
                let first = try local.saveFirstAttemptPending(session, of: facts)
                // Its id is this file's from now on, whatever assessment the server gave the same number.
                filed.withLock { $0 = FiledAssessment(id: first.assessment, onServer: false, facts: facts, attempts: []) }
                savedLocally(first.outcome, session)
                return first
            }
        )
    }

    public func list(_ filter: SessionFilter) throws(StoreError) -> SessionListing {
        try remote { (server) throws(StoreError) in try server.list(filter) }
    }

    public func eachEntry(
        _ filter: SessionFilter,
        book: [StoredCalibration],
        _ body: (Result<HistoryEntry, StoreError>) -> Bool
    ) throws(StoreError) {
        try remote { (server) throws(StoreError) in try server.eachEntry(filter, book: book, body) }
    }

    public func count(_ filter: SessionFilter) throws(StoreError) -> Int {
        try remote { (server) throws(StoreError) in try server.count(filter) }
    }

    public func page(_ query: SessionQuery) throws(StoreError) -> SessionPage {
        try remote { (server) throws(StoreError) in try server.page(query) }
    }

    public func allIDs() throws(StoreError) -> [Int64] {
        try remote { (server) throws(StoreError) in try server.allIDs() }
    }

    public func sessions(afterID: Int64, limit: Int) throws(StoreError) -> [StoredSession] {
        try remote { (server) throws(StoreError) in try server.sessions(afterID: afterID, limit: limit) }
    }

    public func id(named name: String) throws(StoreError) -> Int64 {
        try remote { (server) throws(StoreError) in try server.id(named: name) }
    }

    public func session(id: Int64) throws(StoreError) -> StoredSession {
        try remote { (server) throws(StoreError) in try server.session(id: id) }
    }

    /// Mirrored here, so a recording for the subject can be saved on this station while the server is away.
    public func addSubject(_ subject: Subject) throws(StoreError) {
        try remote { (server) throws(StoreError) in try server.addSubject(subject) }
        mirror(subject)
    }

    public func updateSubject(_ subject: Subject) throws(StoreError) {
        try remote { (server) throws(StoreError) in try server.updateSubject(subject) }
        mirror(subject)
    }

    /// The server's subject, mirrored here; while the server is away, the copy this station made
    /// when it last used the subject (a recording needs the subject's facts).
    public func subject(code: String) throws(StoreError) -> Subject {
        do throws(StoreError) {
            let subject = try remote { (server) throws(StoreError) in try server.subject(code: code) }
            mirror(subject)
            return subject
        } catch {
            guard case .unreachable = error else { throw error }
            guard let copy = try? local.subject(code: code) else { throw error }
            return copy
        }
    }

    public func subjects() throws(StoreError) -> [Subject] {
        try remote { (server) throws(StoreError) in try server.subjects() }
    }

    /// Forgotten on the server (which keeps a tombstone) and on this station, so no copy of them is
    /// left here either; the other stations remove theirs at their next contact with the server.
    public func forgetSubject(code: String) throws(StoreError) -> ForgottenSubject {
        var forgotten = try remote { (server) throws(StoreError) in try server.forgetSubject(code: code) }
        do throws(StoreError) {
            forgotten.done += try local.forgetSubject(code: code).done.map { "on this station: \($0)" }
        } catch {
            if case .unknownSubject = error {
                forgotten.done.append("this station held no copy")
            } else {
                warn("\(error) (forgetting subject \(UntrustedText.escaped(code)) on this station as well)")
                forgotten.done.append("this station's copy not removed (\(error)); its next contact with the server removes it")
            }
        }
        forgotten.done.append("other stations remove their copies at their next contact with the server")
        return forgotten
    }

    public func erasedCodes(among codes: [String]) throws(StoreError) -> [String] {
        try remote { (server) throws(StoreError) in try server.erasedCodes(among: codes) }
    }

    public func holdings(subject code: String) throws(StoreError) -> ForgottenSubject {
        try remote { (server) throws(StoreError) in try server.holdings(subject: code) }
    }

    public func importContents(_ contents: ExchangeContents) throws(StoreError) -> ImportOutcome {
        try remote { (server) throws(StoreError) in try server.importContents(contents) }
    }

    public func assessments(subject: String?) throws(StoreError) -> [StoredAssessment] {
        try remote { (server) throws(StoreError) in try server.assessments(subject: subject) }
    }

    /// The server's; while it is away, the copy this station took at its last contact.
    public func siteIdentity() throws(StoreError) -> String {
        try either(
            { (server) throws(StoreError) in try server.siteIdentity() },
            else: { () throws(StoreError) in
                try local.siteIdentity()
            }
        )
    }

    /// On the server; while it is away, in this station's own trail (not pushed later: each
    /// history's trail records what was done with the data it holds).
    public func appendAudit(_ event: AuditEvent, by actor: AuditActor, at atMilliseconds: Int64) throws(StoreError) {
        try either(
            { (server) throws(StoreError) in try server.appendAudit(event, by: actor, at: atMilliseconds) },
            else: { () throws(StoreError) in try local.appendAudit(event, by: actor, at: atMilliseconds) }
        )
    }

    public func auditEntries(_ filter: AuditFilter) throws(StoreError) -> [AuditEntry] {
        try remote { (server) throws(StoreError) in try server.auditEntries(filter) }
    }

    public func verifyAudit() throws(StoreError) -> AuditBreak? {
        try remote { (server) throws(StoreError) in try server.verifyAudit() }
    }

    /// The server's; while it is away, the assessment this process filed last is read from this
    /// station (its copy, with every attempt), so a guided run ends with its clinical lines.
    public func assessment(id: Int64) throws(StoreError) -> StoredAssessment {
        do throws(StoreError) {
            return try remote { (server) throws(StoreError) in try server.assessment(id: id) }
        } catch {
            guard case .unreachable = error, let last = filed.withLock({ $0 }), last.id == id else { throw error }
            return try local.assessment(id: try copy(ofAssessment: id))
        }
    }

    /// The id here of the assessment the server filed last for this process, copied here with the
    /// attempts saved there when first needed once the server is away; any other id is this file's own already.
    private func copy(ofAssessment id: Int64) throws(StoreError) -> Int64 {
        guard let last = filed.withLock({ $0 }), last.id == id, last.onServer else { return id }
        if let copy = last.copy { return copy }
        let copy = try local.copyAssessment(last.facts, attempts: last.attempts)
        filed.withLock { if $0?.id == id, $0?.onServer == true { $0?.copy = copy } }
        return copy
    }

    /// Files or refreshes this station's copy of a subject; a copy that cannot be written only
    /// costs offline recording for them, so it is said, not thrown.
    private func mirror(_ subject: Subject) {
        do throws(StoreError) {
            if let held = try? local.subject(code: subject.code) {
                if held != subject { try local.updateSubject(subject) }
            } else {
                try local.addSubject(subject)
            }
        } catch {
            warn(
                "\(error) (keeping a copy of subject \(UntrustedText.escaped(subject.code)) on this station, for recording "
                    + "while the server is away)"
            )
        }
    }
}
