import Foundation
import GripFitClinical
import GripFitCore
import GripFitExchange
import GripFitLive
import GripFitOutput
import GripFitRecords
import GripFitStore
import Synchronization

/// The dashboard's side of the one running session, a coordinator of its roles: ``LiveStatus``,
/// ``RecordingControl``, ``GuidedControl`` and ``HistoryQueries``. The driver's thread hands every
/// report to ``consume(_:at:link:)``, which passes it through one ``CalibratedSession`` (the
/// calibration stage, then the page's recording and guided run: `record`'s own consumers, started
/// and stopped from the page) and publishes `monitor --format jsonl` objects; the server's
/// handlers read snapshots and queue commands through the driver's inbox. Shared with `monitor`
/// and `record`: the encoders, the calibration lookup, the consumers and the history. Clock-free
/// and port-free: the CLI hands it the driver's inbox, its clocks and the opened history; tests
/// hand it fakes.
public final class DashboardSession: LiveControl, LinkConsumer {
    /// Everything the driver's thread and the handlers share, under one lock: each role's state
    /// and the one calibration stage they all read.
    private struct Live {
        var status: LiveStatus
        let recording: RecordingControl<DashboardError>
        let guided: GuidedControl
        /// The session's one identity, calibration and zero, shared by the live force, a recording
        /// and a guided run, in front of the two.
        let session: CalibratedSession
        /// The driver's last link facts (versions), for a recording stopped from the page.
        var link = LinkFacts()
        /// Each report's time, the calendar part formatted once a second (as `monitor` does).
        var timestamps = TimestampCache()
        /// Reused for each reading's event before it becomes the one `String` the streams share.
        var line: [UInt8] = []
    }

    private let live: Mutex<Live>
    /// Queues a command for the dongle on the driver's inbox; false when the inbox is full.
    private let post: @Sendable (Command) -> Bool
    private let publisher: EventPublisher
    private let wallTime: any WallTime
    /// The driver's monotonic clock (the simulator's with `--speed`), for commands from the page.
    private let now: @Sendable () -> MonotonicInstant
    /// Remembers a GripFit chosen on the page for this dongle, as `--device` remembers it.
    private let rememberPin: @Sendable (BLEAddress?) throws -> Void
    /// A line for the person at the terminal: the calibration's notices, an attempt not saved.
    private let warn: @Sendable (String) -> Void
    /// The history the page's recordings and runs are saved to (and whose pages ``HistoryRoutes`` serve).
    public let history: HistoryQueries
    /// The subject and assessment of the guided run's attempts.
    private let filing = AssessmentFiling()
    /// The token that started the recording or run under way, for the trail of what saves on its own.
    private let startedBy = StartedBy()

    public init(
        post: @escaping @Sendable (Command) -> Bool,
        publisher: EventPublisher,
        unit: ForceUnit,
        wallTime: any WallTime,
        now: @escaping @Sendable () -> MonotonicInstant,
        history: HistoryQueries,
        pinned: BLEAddress??,
        rememberPin: @escaping @Sendable (BLEAddress?) throws -> Void,
        warn: @escaping @Sendable (String) -> Void,
        stage: LiveCalibration,
        cue: @escaping @Sendable (Hand, Int) -> Void = { _, _ in }
    ) {
        let (filing, startedBy) = (filing, startedBy)
        let guided = GuidedControl(
            unit: unit,
            wallTime: wallTime,
            describe: GuidedJSON.event(_:display:label:at:time:stopped:error:),
            save: { session in startedBy.acting { history.file(session, in: filing) } },
            warn: warn,
            publish: { event, finished in
                // The finished run goes only to the pages open now: a page opened later (the next
                // patient's) starts clean, and every attempt is in the history. Forgotten before it
                // is published, so a page opening in between gets neither the old cue nor the end.
                if finished {
                    publisher.forget("guided")
                    publisher.publish(event.text)
                } else {
                    publisher.publish(event.text, retainAs: "guided")
                }
            },
            cue: cue
        )
        self.history = history
        self.rememberPin = rememberPin
        self.warn = warn
        let recording = RecordingControl<DashboardError>(unit: unit, wallTime: wallTime)
        self.live = Mutex(
            Live(
                status: LiveStatus(unit: unit, pinned: pinned),
                recording: recording,
                guided: guided,
                session: CalibratedSession(stage: stage, consumers: [recording, guided])
            )
        )
        self.post = post
        self.publisher = publisher
        self.wallTime = wallTime
        self.now = now
    }

    // MARK: - The driver's thread

    /// Takes one report from the session, on the driver's thread, at the session's instant `now`;
    /// `link` has the last `D:` and `B:BRIDGE` versions, for sessions that saw none themselves.
    public func consume(_ report: LinkReport, at now: MonotonicInstant, link: LinkFacts) {
        var finished: StoredSession?
        let event = live.withLock { live -> String? in
            live.timestamps.set(milliseconds: wallTime.epochMilliseconds(at: now))
            live.link = link
            let timestamps = live.timestamps
            live.status.update(with: report, at: now, portOpen: link.portOpen, time: timestamps.text)
            // The page's consumers ask the dongle for nothing, and their stops end only their own run.
            var actions: [ConsumerAction] = []
            let calibrated = live.session.pass(report, at: now, link: link, into: &actions).output
            if let decided = calibrated.decided, live.status.device != decided.key { lookedUp(&live, decided) }
            finished = live.recording.takeFinished()
            if case .message(.reading(let raw)) = report, calibrated.device != nil {
                live.status.show(live.status.display.value(kilograms: calibrated.kilograms, raw: raw))
            }
            return Self.event(for: report, kilograms: calibrated.kilograms, in: &live)
        }
        if let finished {
            let saved = startedBy.acting { save(finished) }
            live.withLock { $0.recording.autoSaved(saved) }
        }
        if let event {
            // Readings are held briefly so that pages get them a few at a time; anything else goes at once.
            let hold: MonotonicInstant? = if case .message(.reading) = report { now + EventPublisher.holdLimit } else { nil }
            publisher.publish(event, retainAs: Self.retainKey(report), holdUntil: hold)
        }
        publisher.flush(at: now)
    }

    public func handle(_ report: LinkReport, at now: MonotonicInstant, link: LinkFacts, into actions: inout [ConsumerAction]) {
        consume(report, at: now, link: link)
    }

    public func tick(at now: MonotonicInstant, link: LinkFacts, into actions: inout [ConsumerAction]) {
        tick(at: now)
    }

    /// At ``nextDeadline``, on the driver's thread: a guided attempt's time limit, a second of rest,
    /// readings held for the pages, the streams' keep-alive.
    public func tick(at now: MonotonicInstant) {
        live.withLock { live in
            var actions: [ConsumerAction] = []
            live.session.tick(at: now, link: live.link, into: &actions)
        }
        publisher.flush(at: now)
        retryHistoryServer(at: now)
    }

    /// When ``tick(at:)`` is needed though no report may come: the guided run's next step (readings
    /// stop during a rest), readings held for the pages, the streams' keep-alive, or the next try
    /// of a history server that went away.
    public var nextDeadline: MonotonicInstant? {
        let (guided, busy) = live.withLock { ($0.session.nextDeadline, $0.guided.isBusy) }
        let retry = busy ? nil : history.opened.nextRetry(at: now())
        return .earliest(guided, .earliest(publisher.flushDeadline, retry))
    }

    /// While the history server is away, tries it again when due, on the history's thread (behind
    /// the page's history requests, never holding up the readings). Not during a guided run: its
    /// attempts are filed beside their assessment, on the server or on this station, never split.
    private func retryHistoryServer(at now: MonotonicInstant) {
        guard !live.withLock({ $0.guided.isBusy }), history.opened.startRetry(at: now) else { return }
        let (opened, filing, clock) = (history.opened, filing, self.now)
        HistoryThread.queue.async {
            if opened.retry(now: clock) { filing.forgetAssessment() }
        }
    }

    /// A new GripFit: its calibration (or raw counts, saying why) and a fresh peak.
    private func lookedUp(_ live: inout Live, _ decided: LiveCalibration.Decided) {
        for line in CalibrationNotice.lines(decided) { warn(line) }
        live.status.lookedUp(device: decided.key, calibration: live.session.stage.record)
    }

    /// The same object `monitor --format jsonl` prints (with force and unit once calibrated); the
    /// latest of each kind is retained for pages that connect later. Made under the lock, from the
    /// report's cached time and the current calibration.
    private static func event(for report: LinkReport, kilograms: Double?, in live: inout Live) -> String? {
        guard case .message(.reading(let raw)) = report else {
            return EventEncoder.jsonl(report, time: live.timestamps.text)
        }
        if live.status.display.isCalibrated {
            return LiveStream.reading(raw, kilograms: kilograms, time: live.timestamps.text, display: live.status.display, format: .jsonl)
        }
        // `monitor`'s fast path, into the reused line: the bulk of the events at 50 Hz.
        live.line.removeAll(keepingCapacity: true)
        EventEncoder.appendJSONL(reading: raw, time: live.timestamps.bytes, to: &live.line)
        return String(decoding: live.line.dropLast(), as: UTF8.self)
    }

    private static func retainKey(_ report: LinkReport) -> String? {
        switch report {
        case .message(.reading): "reading"
        case .message(.device): "device"
        case .message(.bridge(.hello)): "bridge-hello"
        case .message(.bridge(.found)), .message(.bridge(.error)): nil
        case .message(.bridge): "bridge-link"
        case .state: "state"
        case .message, .warning, .commandFinished: nil
        }
    }

    // MARK: - The server's handlers

    public func status() -> String {
        let pendingSync = history.opened.pendingSync
        return live.withLock { live in
            live.status.status(
                kilograms: { live.session.stage.kilograms(raw: $0) },
                time: { RFC3339.format(milliseconds: wallTime.epochMilliseconds(at: $0)) },
                recording: recordingObject(live),
                pendingSync: pendingSync
            )
        }
    }

    /// The guided run's state while it is on, else the recording's; with the subject it is for
    /// and, once its first attempt is saved, the run's assessment (the page's report link).
    private func recordingObject(_ live: Live) -> JSONObject {
        var object = JSONObject()
        if live.guided.isBusy {
            object.set("state", "guided")
            if let guided = live.guided.event { object.set("guided", guided) }
        } else {
            object = live.recording.object
        }
        if let assessment = filing.assessment { object.set("assessment", Int(assessment)) }
        return object
    }

    public func tare() throws(DashboardError) {
        try send(.device(.tare))
    }

    public func devices() -> String {
        live.withLock { $0.status.devices() }
    }

    public func scan() throws(DashboardError) {
        try send(.bridge(.scan))
    }

    /// Remembered for this dongle, so the next session (dashboard or CLI) asks for the same GripFit.
    /// Refused while a recording or the protocol runs: its readings must all come from one GripFit,
    /// under the calibration it started with.
    public func pin(_ address: BLEAddress?) throws(DashboardError) {
        try live.withLock { live throws(DashboardError) in try Self.ensureIdle(live) }
        do {
            try rememberPin(address)
        } catch {
            throw HistoryQueries.failure(error)
        }
        try send(.bridge(.pin(address)))
        try send(.bridge(.scan))
        live.withLock { $0.status.pinned = .some(address) }
    }

    private func send(_ command: Command) throws(DashboardError) {
        guard post(command) else {
            throw DashboardError(.serviceUnavailable, "Too many commands are waiting for the dongle; try again in a moment.")
        }
    }

    public func resetPeak() {
        live.withLock { $0.status.resetPeak() }
    }

    /// A label as `record --label` takes it: kept whole, or refused saying why, never cut or changed without a word.
    static func checkedLabel(_ label: String?) throws(DashboardError) -> String? {
        guard let label, !label.isEmpty else { return nil }
        if let refusal = CleanText.refusal(label) { throw DashboardError(.badRequest, "The label \(refusal); nothing was started.") }
        return label
    }

    public func startRecording(hand: Hand?, label: String?, subject: String?) throws(DashboardError) -> String {
        let label = try Self.checkedLabel(label)
        try history.checkCanSave()
        let subject = try subject.map { (code) throws(DashboardError) in try history.storedCode(of: code) }
        let now = self.now()
        return try live.withLock { live throws(DashboardError) -> String in
            try Self.ensureIdle(live)
            live.recording.start(hand: hand, label: label, subject: subject, at: now)
            startedBy.remember()
            return recordingObject(live).text
        }
    }

    private static func ensureIdle(_ live: Live) throws(DashboardError) {
        if live.guided.isBusy {
            throw DashboardError(.conflict, "The guided protocol is running; stop it first.")
        }
        if live.recording.isBusy {
            throw DashboardError(.conflict, "A recording is already running; stop it first.")
        }
    }

    public func startProtocol(
        _ protocol: GripProtocol,
        firstHand: Hand?,
        label: String?,
        trialsPerHand: Int?,
        restSeconds: Double?,
        subject: String?
    ) throws(DashboardError) -> String {
        let label = try Self.checkedLabel(label)
        try history.checkCanSave()
        let subject = try subject.map { (code) throws(DashboardError) in try history.storedSubject(of: code) }
        // A protocol that starts with the dominant hand starts with the subject's, as `record --protocol` does.
        let settings = GuidedRun.settings(
            for: `protocol`,
            trials: trialsPerHand,
            first: firstHand,
            dominant: subject?.dominant?.hand,
            rest: restSeconds,
            trialLimit: nil
        )
        let now = self.now()
        return try live.withLock { live throws(DashboardError) -> String in
            try Self.ensureIdle(live)
            live.recording.forgetAutoSaved()
            filing.start(subject: subject?.code, settings: settings)
            startedBy.remember()
            return live.guided.start(settings: settings, label: label, display: live.status.display, at: now).text
        }
    }

    /// Stops the guided protocol if one is running or waiting (saving the attempt under way,
    /// flagged as stopped): its final `guided` object with the summary, and the run's summary
    /// and display for the command's own report; nil when none was running.
    public func stopProtocol() -> (text: String, summary: GuidedProtocol.Summary, display: ForceDisplay)? {
        let now = self.now()
        return live.withLock { live in
            live.guided.stop(at: now, display: live.status.display, link: live.link)
        }
    }

    public func stopRecording() throws(DashboardError) -> String {
        if let stopped = stopProtocol() { return stopped.text }
        guard let saved = try saveRecording() else {
            throw DashboardError(.conflict, "Nothing was recorded: no reading arrived since start. Is the GripFit on and streaming?")
        }
        return SessionJSON.detail(saved, display: ForceDisplay(calibration: saved.calibration, unit: unit)).text
    }

    /// Stops and saves the recording, if one has readings; the saved session with its id. Also
    /// for the end of the command, so Ctrl-C during a recording loses nothing.
    public func saveRecording() throws(DashboardError) -> StoredSession? {
        let now = self.now()
        let (finished, autoSaved) = live.withLock { live in live.recording.stop(at: now, link: live.link) }
        if let finished {
            return try startedBy.acting { save(finished) }.get()
        }
        return try autoSaved?.get()
    }

    private func save(_ session: StoredSession) -> Result<StoredSession, DashboardError> {
        history.save(session)
    }

    private var unit: ForceUnit { live.withLock { $0.status.display.unit } }
}
