import Foundation
import GripFitClinical
import GripFitCore
import GripFitExchange
import GripFitLive
import GripFitOutput
import GripFitRecords
import GripFitStore

/// The dashboard's history: the history pages' requests (``HistoryPages``, for ``HistoryRoutes``)
/// and the saving of the page's recordings (for ``DashboardSession``), each as `show`, `plot`,
/// `export` and `record` do it. The one place the dashboard reaches the store: the history it is
/// given, opened and checked once.
public struct HistoryQueries: HistoryPages {
    let opened: OpenedHistory
    /// The user's calibrations, for sessions recorded before their device was calibrated.
    let calibrations: CalibrationBook
    /// Where the history lives: a recording it cannot take is rescued beside it.
    let historyPath: String
    /// Gets a recording's export when not even a rescue file can be written.
    let lastResort: @Sendable (String) -> Void
    /// The station the page's recordings are filed under.
    let station: String?
    /// The dashboard's `--unit`, for the pages' forces.
    let unit: ForceUnit
    /// The subject `dashboard --subject` picked, for the page's picker.
    let selectedSubject: String?
    /// Today in the user's time zone, from the injected clocks: a birth after it is refused.
    let today: @Sendable () -> Subject.Birth.Day
    /// Where the page's views, exports, reports, new subjects and recordings are recorded.
    let trail: AuditTrail?
    /// The trail as the request's token holder (``TokenHolder``) acts; the dashboard's own actor
    /// when no token is bound (a loopback dashboard without tokens, a protocol's attempt saved on the session's thread).
    var audit: AuditTrail? {
        guard let trail, let holder = TokenHolder.current else { return trail }
        return trail.acting(as: holder.actor(at: trail.actor.station))
    }

    public init(
        opened: OpenedHistory,
        calibrations: CalibrationBook,
        historyPath: String,
        station: String? = nil,
        unit: ForceUnit,
        selectedSubject: String? = nil,
        today: @escaping @Sendable () -> Subject.Birth.Day,
        lastResort: @escaping @Sendable (String) -> Void,
        audit: AuditTrail? = nil
    ) {
        self.trail = audit
        self.opened = opened
        self.station = station
        self.unit = unit
        self.selectedSubject = selectedSubject
        self.today = today
        self.calibrations = calibrations
        self.historyPath = historyPath
        self.lastResort = lastResort
    }

    /// Today in the user's time zone at `now` of `wallTime`, the session's clocks.
    public static func today(wallTime: any WallTime, now: @escaping @Sendable () -> MonotonicInstant) -> @Sendable () -> Subject.Birth.Day {
        { Subject.Birth.Day(Date(timeIntervalSince1970: Double(wallTime.epochMilliseconds(at: now())) / 1000), in: .current) }
    }

    /// A page of `history --json`'s rows and whether older ones match too.
    public func sessions(_ query: SessionQuery) throws(DashboardError) -> String {
        let (entries, more) = try page(query)
        let display = ForceDisplay(calibration: nil, unit: unit)
        var object = JSONObject()
        object.set("sessions", entries.map { SessionJSON.row($0, display: display) })
        object.set("more", more)
        return object.text
    }

    /// As `show` and `plot` present it: an uncalibrated session in the device's later calibration.
    public func session(id: Int64) throws(DashboardError) -> String {
        let (session, _) = try history { try presented(try $0.session(id: id)) }
        audit?.record(.session(.view, session, detail: "session page"))
        return SessionJSON.detail(session, display: ForceDisplay(calibration: session.calibration, unit: unit)).text
    }

    public func plot(id: Int64, unit: ForceUnit?) throws(DashboardError) -> String {
        let (session, later) = try history { try presented(try $0.session(id: id)) }
        audit?.record(.session(.plot, session, detail: "page"))
        return ForcePlot().svg(session, display: ForceDisplay(calibration: session.calibration, unit: unit ?? self.unit), later: later)
    }

    public func export(id: Int64, format: SessionFormat) throws(DashboardError) -> String {
        let session = try history { try $0.session(id: id) }
        audit?.record(.session(.export, session, detail: "\(format) from the page"))
        return try history { _ in try SessionExchange.export([session], as: format) }
    }

    /// `export --all --format json` from the page (admin only): every session; the trail names every subject whose data left.
    public func exportAll() throws(DashboardError) -> String {
        let sessions = try history { store in try store.allIDs().sorted().map { id throws in try store.session(id: id) } }
        let subjects = Set(sessions.compactMap(\.tags.subject)).sorted()
        audit?.record(.export, subjects: subjects, detail: "json all from the page: \(sessions.count) sessions")
        return try history { _ in try SessionExchange.export(sessions, as: .json) }
    }

    /// `subject forget CODE --yes` from the page (admin only): `{"sessions": n, "assessments": n}` deleted.
    public func forgetSubject(code: String) throws(DashboardError) -> String {
        let forgotten = try history { try $0.forgetSubject(code: code) }
        let deleted = "\(forgotten.sessions) sessions, \(forgotten.assessments) assessments deleted (page)"
        audit?.record(.subjectForget, subjects: [code], detail: deleted)
        var object = JSONObject()
        object.set("sessions", forgotten.sessions)
        object.set("assessments", forgotten.assessments)
        return object.text
    }

    /// The query's most recent sessions, oldest first, for the chart.
    public func trend(_ query: SessionQuery) throws(DashboardError) -> String {
        list(try page(query).entries.reversed())
    }

    /// One page of the history as `history` presents its rows (a session recorded before its
    /// device was calibrated in the later calibration); rows that no longer read are left out, as before.
    private func page(_ query: SessionQuery) throws(DashboardError) -> (entries: [HistoryEntry], more: Bool) {
        try history { store in
            let page = try store.page(query)
            return (HistoryEntry.entries(page.listing, store: store, book: try calibrations.all()).entries, page.more)
        }
    }

    /// `subject list`'s subjects for the page's picker, and the one `dashboard --subject` picked,
    /// as the history spells its code (codes are case-blind: `--subject p020` picks P020).
    public func subjects() throws(DashboardError) -> String {
        let subjects = try history { try $0.subjects() }
        var object = JSONObject()
        object.set("subjects", subjects.map(SubjectJSON.object))
        let stored = selectedSubject.flatMap { code in subjects.first { $0.code.lowercased() == code.lowercased() }?.code ?? code }
        if let stored { object.set("selected", stored) } else { object.setNull("selected") }
        return object.text
    }

    /// Adds the page's new subject, as `subject add` does; its JSON. 409 for a code already taken,
    /// naming the code as the history spells it.
    public func addSubject(_ form: SubjectForm) throws(DashboardError) -> String {
        let subject = try form.subject(today: today())
        do {
            try opened.get().addSubject(subject)
        } catch StoreError.duplicateSubject(let code) {
            let stored = try? opened.get().subject(code: code).code
            throw DashboardError(.conflict, PageWording.failure(.duplicateSubject(code), storedCode: stored) ?? "")
        } catch {
            throw Self.failure(error)
        }
        audit?.record(.subjectAdd, subjects: [subject.code], detail: "page")
        return SubjectJSON.object(subject).text
    }

    public func id(named name: String) throws(DashboardError) -> Int64 {
        try history { try $0.id(named: name) }
    }

    /// A subject the page names must be in the history before anything is recorded for them; their
    /// code as the history spells it, which is what the recording is filed under.
    func storedCode(of code: String) throws(DashboardError) -> String {
        try storedSubject(of: code).code
    }

    /// The subject a page names, as the history holds them (their code as it spells it, their dominant hand).
    func storedSubject(of code: String) throws(DashboardError) -> Subject {
        try history { try $0.subject(code: code) }
    }

    /// The assessments, newest first (only `subject`'s when given; the newest ``assessmentPage``
    /// otherwise), each with the best grip per hand in `unit`, the centile, each hand's trial
    /// consistency and its report's address: the page's clinical history.
    public func assessments(subject: String?) throws(DashboardError) -> String {
        let (assessments, subjects) = try history { store in (try store.assessments(subject: subject), try store.subjects()) }
        if let subject { audit?.record(.history, subjects: [subject], detail: "assessments page") }
        let display = ForceDisplay(calibration: nil, unit: unit)
        let listed = assessments.prefix(Self.assessmentPage).map { assessment in
            let owner = subjects.first { $0.code == assessment.facts.subject }
            let view = ClinicalView(assessment: assessment, subject: owner, timeZone: .current)
            let calibrated = assessment.facts.calibrated
            var object = JSONObject()
            object.set("id", Int(assessment.id))
            object.set("name", assessment.name)
            object.set("start", Timestamp.rfc3339(milliseconds: assessment.facts.startedAtMilliseconds))
            if let code = assessment.facts.subject { object.set("subject", code) } else { object.setNull("subject") }
            object.set("unit", calibrated ? unit.rawValue : "raw")
            for hand in [Hand.right, .left] {
                let figures = view.statistics.figures(hand)
                var entry = JSONObject()
                if let best = figures.best { entry.set("best", display.convert(stored: best, calibrated: calibrated)) }
                entry.set("counted", figures.peaks.count)
                object.set(hand.rawValue, entry)
            }
            object.set("centile", PageWording.centile(view))
            object.set(
                "consistency",
                PageWording.consistency(view).map { line in
                    var item = JSONObject()
                    item.set("text", line)
                    return item
                }
            )
            object.set("report", "api/assessments/\(assessment.stableName ?? String(assessment.id))/report.html")
            return object
        }
        var object = JSONObject()
        object.set("assessments", Array(listed))
        object.set("total", assessments.count)
        return object.text
    }

    /// The most assessments the page lists at once: a subject has far fewer.
    static let assessmentPage = 100

    /// A protocol run's clinical figures for the page, as `show A<n>` reads them: the protocol and
    /// every figure with its statistic, the force–time measures of a held grip (``AssessmentJSON``),
    /// the norm and threshold lines (each citing its source), and the report's address.
    public func assessment(id: Int64) throws(DashboardError) -> String {
        let (view, _) = try clinicalView(id: id, trend: false)
        audit?.record(.assessment(.view, view.assessment, detail: "assessment page"))
        var object = JSONObject()
        object.set("id", Int(id))
        object.set(fieldsOf: AssessmentJSON.fields(view, unit: unit))
        if let name = view.assessment.stableName { object.set("name", name) }
        if let subject = view.assessment.facts.subject { object.set("subject", subject) } else { object.setNull("subject") }
        object.set("date", view.day.description)
        object.set("calibrated", view.assessment.facts.calibrated)
        object.set(
            "lines",
            PageWording.lines(view).map { line in
                var item = JSONObject()
                item.set("text", line)
                return item
            }
        )
        // The CLI's "dominant/non-dominant ratio" line, when the subject's dominant hand is left or right.
        if let ratio = view.statistics.dominanceRatio, let dominant = view.statistics.dominant {
            object.set("dominance_ratio", ratio.rounded(decimals: 4))
            object.set("dominant", dominant.rawValue)
        }
        // By its name, which stays the assessment's once a pending one is pushed and renumbered.
        object.set("report", "api/assessments/\(view.assessment.stableName ?? String(id))/report.html")
        return object.text
    }

    /// The printable report of a protocol run, as `report A<n> -o file.html` writes it.
    public func report(assessment id: Int64) throws(DashboardError) -> String {
        let (view, firmware) = try clinicalView(id: id, trend: true)
        audit?.record(.assessment(.report, view.assessment, detail: "html from the page"))
        return ReportHTML.page(view.report(firmware: firmware), paper: .a4)
    }

    /// The assessment with its subject, read in the user's time zone, with its attempts' traces and
    /// force–time measures as `show` reads them (``ClinicalViews``, one read of each session, none
    /// while the history server is away); with
    /// `trend` (the report's), also the subject's other assessments and the firmware of its first
    /// attempt. The figures need neither (but a rapid-exchange run, set beside the subject's latest
    /// static assessment), so a run filed on this station while the server is away shows them as any other.
    private func clinicalView(id: Int64, trend: Bool) throws(DashboardError) -> (view: ClinicalView, firmware: String?) {
        try history { store in
            let assessment = try store.assessment(id: id)
            let subject = try assessment.facts.subject.map { code throws in try store.subject(code: code) }
            // The traces are the server's while it is away: the figures that need none are shown, and
            // FR75/50/25 say their trace was not read, rather than the whole run failing.
            let read: (traces: [Int64: TrialTrace], measures: [Int64: TrialMeasures])
            do {
                read = try ClinicalViews.traces(of: assessment, in: store, measures: true)
            } catch StoreError.unreachable {
                read = ([:], [:])
            }
            let comparesStatic = GripProtocol.named(assessment.facts.protocolName)?.statistic == .rapidExchange
            let others =
                try (trend || comparesStatic ? assessment.facts.subject : nil).map { code throws in
                    try store.assessments(subject: code)
                } ?? []
            let firmware = trend ? try assessment.attempts.first.flatMap { try store.session(id: $0.session).versions.firmware } : nil
            let view = ClinicalView(
                assessment: assessment,
                subject: subject,
                others: others,
                timeZone: .current,
                traces: read.traces,
                measures: read.measures
            )
            return (view, firmware)
        }
    }

    /// Saves a recording or an attempt from the page; the session with its new id.
    func save(_ session: StoredSession) -> Result<StoredSession, DashboardError> {
        do {
            var saved = session
            saved.station = saved.station ?? station
            saved.uid = saved.uid ?? StableName.random()
            saved.id = try SessionSave.save(saved, historyPath: historyPath, lastResort: lastResort) { try opened.get() }
            audit?.record(.session(.record, saved, detail: "page"))
            return .success(saved)
        } catch {
            return .failure(Self.failure(error))
        }
    }

    /// Saves a guided run's first attempt and files its assessment with it, in one transaction (a
    /// failed save leaves no empty assessment); the assessment's id.
    func saveFirstAttempt(_ session: StoredSession, of facts: AssessmentFacts) -> Result<Int64, DashboardError> {
        var session = session
        session.station = session.station ?? station
        session.uid = session.uid ?? StableName.random()
        var facts = facts
        facts.uid = facts.uid ?? StableName.random()
        do {
            let saved = try SessionSave.save(
                session,
                historyPath: historyPath,
                lastResort: lastResort,
                to: { try opened.get() },
                write: { store, session throws(StoreError) in
                    let first = try store.saveFirstAttempt(session, of: facts)
                    return (first.outcome, first.assessment)
                }
            )
            return .success(saved.filed)
        } catch {
            return .failure(Self.failure(error))
        }
    }

    /// Files a guided run's attempt from the page as `record --protocol` does (``AssessmentFiling``):
    /// under the run's subject and assessment, the first filing the assessment with it. The page's
    /// message when the save fails.
    func file(_ session: StoredSession, in filing: AssessmentFiling) -> String? {
        do {
            _ = try filing.save(
                session,
                attempt: { attempt in try save(attempt).get() },
                first: { attempt, facts in (attempt, try saveFirstAttempt(attempt, of: facts).get()) }
            )
            return nil
        } catch let failure as DashboardError {
            return failure.message
        } catch {
            return "\(error)"
        }
    }

    /// As `record` does: a history that cannot take the session is refused before the first
    /// reading, not after the squeeze (503: the page shows the message).
    func checkCanSave() throws(DashboardError) {
        do {
            try opened.get().checkCanSave()
        } catch {
            throw DashboardError(.serviceUnavailable, "\(error)")
        }
    }

    /// A store error as the page gets it (``PageWording``'s words where it has them): 404 for a
    /// session, subject or assessment that is not there, 409 for a subject code already taken (or
    /// a forgotten subject's), 503 with the reason while the history server is away (the dashboard
    /// tries it again; ``OpenedHistory``), 500 otherwise.
    static func failure(_ error: any Error) -> DashboardError {
        if let error = error as? StoreError {
            let words = PageWording.failure(error) ?? error.description
            switch error {
            case .notFound, .unknownSubject, .unknownAssessment, .unknownName: return DashboardError(.notFound, words)
            case .ambiguousName: return DashboardError(.badRequest, words)
            case .duplicateSubject, .erasedCode: return DashboardError(.conflict, words)
            case .unreachable: return DashboardError(.serviceUnavailable, error.description)
            default: break
            }
        }
        return DashboardError(.internalServerError, "\(error)")
    }

    /// As `show` presents a session: the calibration file is read only for one recorded uncalibrated.
    private func presented(_ session: StoredSession) throws -> (session: StoredSession, later: StoredCalibration?) {
        guard session.calibration == nil else { return (session, nil) }
        return HistoryEntry.presented(session, book: try calibrations.all())
    }

    private func list(_ entries: [HistoryEntry]) -> String {
        let display = ForceDisplay(calibration: nil, unit: unit)
        return "[" + entries.map { SessionJSON.row($0, display: display).text }.joined(separator: ",") + "]"
    }

    private func history<T>(_ body: (any SessionHistory) throws -> T) throws(DashboardError) -> T {
        do {
            return try body(try opened.get())
        } catch {
            throw Self.failure(error)
        }
    }
}
