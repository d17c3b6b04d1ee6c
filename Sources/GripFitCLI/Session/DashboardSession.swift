import GripFitOutput
import Foundation
import GripFitCore
import GripFitDashboard
import GripFitLinux
import GripFitStore
import Synchronization

/// The dashboard's side of the one running session. The driver's thread hands every report to
/// ``consume(_:at:link:)``, which keeps the live state, records when asked and
/// publishes `monitor --format jsonl` objects; the server's handlers read snapshots and queue
/// commands through the driver's inbox. Shared with `monitor` and `record`: the encoders, the
/// calibration lookup, ``SessionCapture`` and the history.
final class DashboardSession: DashboardBackend, SessionConsumer {
    private struct RecordRequest {
        var hand: Hand?
        var label: String?
    }

    /// A guided protocol asked for, waiting for a reading from a known GripFit to begin.
    private struct GuidedRequest {
        var settings: GuidedProtocol.Settings
        var label: String?
    }

    /// A GripFit the bridge reported in range.
    private struct Found {
        var address: BLEAddress
        var name: String
        var rssi: Int
        var time: String
    }

    /// Bridges see a handful of GripFits at most; this bounds the list whatever the radio hears.
    static let foundLimit = 16

    private struct Live {
        var state = SessionState.disconnected
        var portOpen = false
        var bridgeFirmware: String?
        var bridgeLink: BridgeLinkState?
        var address: BLEAddress?
        var deviceName: String?
        var firmware: String?
        var device: String?
        /// The session's one identity, calibration and zero, shared by the live force, a recording and a guided run.
        var stage: CalibrationLookup.Stage
        /// The device's calibration in the chosen unit, for showing forces.
        var display: ForceDisplay
        var latestRaw: Int32?
        /// When ``latestRaw`` came; made text only for `/api/status`, not for every reading.
        var latestAt: MonotonicInstant?
        var peak: Double?
        var found: [Found] = []
        /// What the bridge was last asked to pin to (`--device`, the remembered pin, or the page):
        /// an address, nil for any; nil: never asked.
        var pinned: BLEAddress??
        var request: RecordRequest?
        var capture: SessionCapture?
        /// The driver's last firmware and bridge versions, for a recording stopped from the page.
        var versions: (firmware: String?, bridge: String?) = (nil, nil)
        /// A recording stopped by the driver (memory limit), saved, waiting for `stop` to report it.
        var autoSaved: Result<StoredSession, DashboardError>?
        var guidedRequest: GuidedRequest?
        /// Each report's time, the calendar part formatted once a second (as `monitor` does).
        var timestamps = TimestampCache()
        /// Reused for each reading's event before it becomes the one `String` the streams share.
        var line: [UInt8] = []
        var guided: GuidedRun?
        /// The latest `guided` event: for `/api/status` while the run is on, and the stop's answer.
        var guidedEvent: JSONObject?
        /// Why the run was stopped early: an attempt could not be saved.
        var guidedError: String?
    }

    private let live: Mutex<Live>
    private let inbox: CommandInbox
    private let publisher: EventPublisher
    private let wallClock: WallClock
    private let clock: MonotonicClock
    /// Where a GripFit chosen on the page is remembered, as `--device` remembers it.
    private let dongleKey: String
    /// The history pages' requests.
    private let history = HistoryQueries(opened: OpenedHistory(open: Storage.history))

    init(
        inbox: CommandInbox, publisher: EventPublisher, unit: ForceUnit, wallClock: WallClock, clock: MonotonicClock,
        dongleKey: String, pinned: BLEAddress??, stage: CalibrationLookup.Stage
    ) {
        self.dongleKey = dongleKey
        self.live = Mutex(Live(stage: stage, display: ForceDisplay(calibration: nil, unit: unit), pinned: pinned))
        self.inbox = inbox
        self.publisher = publisher
        self.wallClock = wallClock
        self.clock = clock
    }

    // MARK: - The driver's thread

    /// Takes one report from the session, on the driver's thread; `link` has the last `D:` and
    /// `B:BRIDGE` versions, for sessions that saw none themselves.
    func consume(_ report: SessionReport, at now: MonotonicInstant, link: LinkFacts) {
        var finished: StoredSession?
        let event = live.withLock { live -> String? in
            live.timestamps.set(wallClock.date(at: now))
            live.portOpen = link.portOpen
            live.versions = (link.firmware, link.bridgeVersion)
            update(&live, with: report, at: now)
            let calibrated = live.stage.handle(report, at: now, link: link)
            if let decided = calibrated.decided, live.device != decided.key { lookedUp(&live, decided) }
            if case .message(.reading(let raw)) = report, let key = calibrated.device {
                if let request = live.guidedRequest, live.guided == nil {
                    live.guidedRequest = nil
                    var run = GuidedRun(
                        settings: request.settings, display: live.display, device: key, label: request.label, wallClock: wallClock)
                    let steps = run.start(at: now)
                    live.guided = run
                    advance(&live, steps, at: now)
                }
                if let request = live.request, live.capture == nil {
                    live.request = nil
                    live.capture = SessionCapture(
                        device: key, stage: live.stage, first: report, at: now, wallTime: wallClock, untilRelease: false,
                        firmware: link.firmware, bridgeVersion: link.bridgeVersion, label: request.label, hand: request.hand)
                } else if var capture = live.capture {
                    finished = record(report, at: now, into: &capture, stage: live.stage, link: link)
                    live.capture = finished == nil ? capture : nil
                }
                let value = live.display.value(kilograms: calibrated.kilograms, raw: raw)
                live.peak = max(live.peak ?? value, value)
            } else if var capture = live.capture {
                finished = record(report, at: now, into: &capture, stage: live.stage, link: link)
                live.capture = finished == nil ? capture : nil
            }
            if var run = live.guided {
                let steps = run.handle(report, at: now, stage: live.stage, firmware: link.firmware, bridgeVersion: link.bridgeVersion)
                live.guided = run
                advance(&live, steps, at: now)
            }
            return Self.event(for: report, kilograms: calibrated.kilograms, in: &live)
        }
        if let finished {
            let saved = save(finished)
            live.withLock { $0.autoSaved = saved }
        }
        if let event {
            // Readings are held briefly so that pages get them a few at a time; anything else goes at once.
            let hold: MonotonicInstant? = if case .message(.reading) = report { now + EventPublisher.holdLimit } else { nil }
            publisher.publish(event, retainAs: Self.retainKey(report), holdUntil: hold)
        }
        publisher.flush(at: now)
    }

    func handle(_ report: SessionReport, at now: MonotonicInstant, link: LinkFacts, into actions: inout [ConsumerAction]) {
        consume(report, at: now, link: link)
    }

    func tick(at now: MonotonicInstant, link: LinkFacts, into actions: inout [ConsumerAction]) {
        tick(at: now)
    }

    /// At ``nextDeadline``, on the driver's thread: a guided attempt's time limit, a second of rest,
    /// readings held for the pages, the streams' keep-alive.
    func tick(at now: MonotonicInstant) {
        let date = wallClock.date(at: now)
        live.withLock { live in
            guard var run = live.guided else { return }
            live.timestamps.set(date)
            let steps = run.tick(at: now, firmware: live.versions.firmware, bridgeVersion: live.versions.bridge)
            live.guided = run
            advance(&live, steps, at: now)
        }
        publisher.flush(at: now)
    }

    /// When ``tick(at:)`` is needed though no report may come: the guided run's next step (readings
    /// stop during a rest), readings held for the pages, or the streams' keep-alive.
    var nextDeadline: MonotonicInstant? {
        .earliest(live.withLock { $0.guided?.nextDeadline }, publisher.flushDeadline)
    }

    /// Saves the attempts `steps` ended and publishes the run's state (retained, so a page that
    /// opens later sees the current cue): after every action, and with each reading of a squeeze
    /// for the live force. Under the lock, so a stop from the page and the driver's next step never
    /// publish out of order. An attempt that cannot be saved stops the run, as it stops `record`.
    /// The event's time is `live.timestamps`, made text only when there is something to publish.
    private func advance(
        _ live: inout Live, _ steps: [GuidedRun.Step], at now: MonotonicInstant, stopped: Bool = false
    ) {
        guard var run = live.guided else { return }
        var steps = steps
        var stopped = stopped
        var unsaved = steps.compactMap(\.session)
        while !unsaved.isEmpty {
            guard case .failure(let error) = save(unsaved.removeFirst()) else { continue }
            StandardOutput.error("gripfit-serial: an attempt of the guided protocol could not be saved: \(error.message)")
            live.guidedError = live.guidedError ?? "An attempt could not be saved, so the protocol stopped: \(error.message)"
            guard !stopped, run.machine.phase != .finished else { continue }
            stopped = true
            let more = run.stop(at: now, firmware: live.versions.firmware, bridgeVersion: live.versions.bridge)
            live.guided = run
            steps += more
            unsaved += more.compactMap(\.session)
        }
        let squeezing = if case .squeezing = run.machine.phase { true } else { false }
        guard !steps.isEmpty || squeezing || stopped else { return }
        publishGuided(
            &live,
            GuidedJSON.event(
                run.machine, display: run.display, label: run.label, at: now, time: live.timestamps.text, stopped: stopped,
                error: live.guidedError),
            finished: stopped || run.machine.phase == .finished)
        if run.machine.phase == .finished { live.guided = nil }
    }

    /// The current `guided` object, kept for `/api/status` and retained for pages that open later
    /// while the run is on. The `finished` one goes only to the pages open now: a page opened
    /// later (the next patient's) starts clean, and every attempt is in the history. Forgotten
    /// before it is published, so a page opening in between gets neither the old cue nor the end.
    private func publishGuided(_ live: inout Live, _ event: JSONObject, finished: Bool = false) {
        live.guidedEvent = event
        if finished {
            publisher.forget("guided")
            publisher.publish(event.text)
        } else {
            publisher.publish(event.text, retainAs: "guided")
        }
    }

    /// Records into a running capture; the finished session when it must stop (memory limit).
    private func record(
        _ report: SessionReport, at now: MonotonicInstant, into capture: inout SessionCapture, stage: CalibrationLookup.Stage,
        link: LinkFacts
    ) -> StoredSession? {
        guard capture.record(report, at: now, stage: stage) == .full else { return nil }
        return capture.finish(at: now, firmware: link.firmware, bridgeVersion: link.bridgeVersion)
    }

    private func update(_ live: inout Live, with report: SessionReport, at now: MonotonicInstant) {
        switch report {
        case .message(.reading(let raw)):
            live.latestRaw = raw
            live.latestAt = now
        case .message(.device(let info)):
            live.deviceName = info.name
            live.firmware = info.firmware
        case .message(.bridge(let event)):
            switch event {
            case .hello(let version): live.bridgeFirmware = version
            case .scanning: live.bridgeLink = .scanning
            case .connecting(let address): (live.bridgeLink, live.address) = (.connecting, address)
            case .connected(let address): (live.bridgeLink, live.address) = (.connected, address)
            case .disconnected, .notFound, .notRecognized: live.bridgeLink = .idle
            case .status(let state, let address): (live.bridgeLink, live.address) = (state, address ?? live.address)
            case .found(let address, let rssi, let name):
                live.found.removeAll { $0.address == address }
                let found = Found(address: address, name: name, rssi: rssi, time: live.timestamps.text)
                live.found.insert(found, at: 0)
                if live.found.count > Self.foundLimit { live.found.removeLast() }
            case .error: break
            }
        case .state(let state):
            live.state = state
            if !live.portOpen { live.bridgeLink = nil }
        case .message, .warning, .commandFinished:
            break
        }
    }

    /// A new GripFit: its calibration (or raw counts, saying why) and a fresh peak.
    private func lookedUp(_ live: inout Live, _ decided: CalibrationLookup.Stage.Decided) {
        for line in CalibrationNotice.lines(decided) { StandardOutput.error(line) }
        live.device = decided.key
        live.peak = nil
        live.display = ForceDisplay(calibration: live.stage.record, unit: live.display.unit)
    }

    /// The same object `monitor --format jsonl` prints (with force and unit once calibrated); the
    /// latest of each kind is retained for pages that connect later. Made under the lock, from the
    /// report's cached time and the current calibration.
    private static func event(for report: SessionReport, kilograms: Double?, in live: inout Live) -> String? {
        guard case .message(.reading(let raw)) = report else {
            return EventEncoder.jsonl(report, time: live.timestamps.text)
        }
        if live.display.isCalibrated {
            return Monitor.reading(raw, kilograms: kilograms, time: live.timestamps.text, display: live.display, format: .jsonl)
        }
        // `monitor`'s fast path, into the reused line: the bulk of the events at 50 Hz.
        live.line.removeAll(keepingCapacity: true)
        EventEncoder.appendJSONL(reading: raw, time: live.timestamps.bytes, to: &live.line)
        return String(decoding: live.line.dropLast(), as: UTF8.self)
    }

    private static func retainKey(_ report: SessionReport) -> String? {
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

    func status() -> String {
        live.withLock { live in
            var object = JSONObject()
            object.set("state", live.state.description)
            object.set("usb", live.portOpen ? "connected" : "disconnected")
            object.set("ble", Self.bleText(live))
            var bridge = JSONObject()
            if let firmware = live.bridgeFirmware { bridge.set("firmware", UntrustedText.escaped(firmware)) }
            if let link = live.bridgeLink { bridge.set("link", link.rawValue) }
            if let address = live.address { bridge.set("address", address.description) }
            object.set("bridge", bridge)
            if let device = live.device { object.set("device", device) } else { object.setNull("device") }
            if let name = live.deviceName { object.set("name", UntrustedText.escaped(name)) }
            if let firmware = live.firmware { object.set("firmware", UntrustedText.escaped(firmware)) }
            object.set("calibrated", live.display.isCalibrated)
            if let calibration = live.display.calibration {
                var details = JSONObject()
                details.set("counts_per_kg", calibration.countsPerKilogram)
                details.set("offset", calibration.offset)
                details.set("date", calibration.date)
                object.set("calibration", details)
            }
            object.set("unit", live.display.unitName)
            if let raw = live.latestRaw, let at = live.latestAt {
                var reading = JSONObject()
                reading.set("time", WallClock.rfc3339(wallClock.date(at: at)))
                reading.set("raw", Int(raw))
                if let kilograms = live.stage.kilograms(raw: raw) {
                    let value = live.display.unit.fromKilograms(kilograms)
                    reading.set("force", value.rounded(decimals: 3))
                }
                object.set("reading", reading)
            } else {
                object.setNull("reading")
            }
            if let peak = live.peak { object.set("peak", peak.rounded(decimals: 3)) } else { object.setNull("peak") }
            object.set("recording", Self.recordingObject(live))
            return object.text
        }
    }

    private static func bleText(_ live: Live) -> String {
        if live.state == .connected { return "connected" }
        guard live.portOpen, let link = live.bridgeLink else { return "disconnected" }
        return link == .idle ? "disconnected" : link.rawValue.lowercased()
    }

    private static func recordingObject(_ live: Live) -> JSONObject {
        var object = JSONObject()
        if live.guided != nil || live.guidedRequest != nil {
            object.set("state", "guided")
            if let guided = live.guidedEvent { object.set("guided", guided) }
        } else if let capture = live.capture {
            object.set("state", "recording")
            object.set("started_at", Timestamp.rfc3339(milliseconds: capture.startedAtMilliseconds))
            object.set("readings", capture.sampleCount)
            if let hand = capture.hand { object.set("hand", hand.rawValue) }
            if let label = capture.label { object.set("label", label) }
        } else if let request = live.request {
            object.set("state", "waiting")
            if let hand = request.hand { object.set("hand", hand.rawValue) }
            if let label = request.label { object.set("label", label) }
        } else {
            object.set("state", "idle")
        }
        return object
    }

    func tare() throws(DashboardError) {
        try send(.device(.tare))
    }

    func devices() -> String {
        live.withLock { live in
            var object = JSONObject()
            if let address = live.address { object.set("address", address.description) }
            object.set("link", Self.bleText(live))
            switch live.pinned {
            case .some(.some(let address)): object.set("pinned", address.description)
            case .some(.none): object.set("pinned", "any")
            case .none: object.setNull("pinned")
            }
            object.set(
                "found",
                live.found.map { found in
                    var item = JSONObject()
                    item.set("address", found.address.description)
                    item.set("name", UntrustedText.escaped(found.name))
                    item.set("rssi", found.rssi)
                    item.set("time", found.time)
                    return item
                })
            return object.text
        }
    }

    func scan() throws(DashboardError) {
        try send(.bridge(.scan))
    }

    /// Remembered for this dongle, so the next session (dashboard or CLI) asks for the same GripFit.
    func pin(_ address: BLEAddress?) throws(DashboardError) {
        do {
            try Storage.pins.set(address?.description, for: dongleKey)
        } catch {
            throw HistoryQueries.failure(error)
        }
        try send(.bridge(.pin(address)))
        try send(.bridge(.scan))
        live.withLock { $0.pinned = .some(address) }
    }

    private func send(_ command: Command) throws(DashboardError) {
        guard inbox.post(command) else {
            throw DashboardError(.serviceUnavailable, "Too many commands are waiting for the dongle; try again in a moment.")
        }
    }

    func resetPeak() {
        live.withLock { $0.peak = nil }
    }

    func startRecording(hand: Hand?, label: String?) throws(DashboardError) -> String {
        let label = label.flatMap { $0.isEmpty ? nil : CleanText.clean($0) }
        try history.checkCanSave()
        return try live.withLock { live throws(DashboardError) -> String in
            try Self.ensureIdle(live)
            live.autoSaved = nil
            live.request = RecordRequest(hand: hand, label: label)
            return Self.recordingObject(live).text
        }
    }


    private static func ensureIdle(_ live: Live) throws(DashboardError) {
        if live.guided != nil || live.guidedRequest != nil {
            throw DashboardError(.conflict, "The guided protocol is running; stop it first.")
        }
        if live.capture != nil || live.request != nil {
            throw DashboardError(.conflict, "A recording is already running; stop it first.")
        }
    }

    func startProtocol(firstHand: Hand?, label: String?, trialsPerHand: Int?, restSeconds: Double?) throws(DashboardError) -> String {
        let label = label.flatMap { $0.isEmpty ? nil : CleanText.clean($0) }
        let settings = GuidedRun.settings(
            trials: trialsPerHand ?? RecordProtocol.trialsPerHand, first: firstHand, rest: restSeconds ?? RecordProtocol.restSeconds,
            trialLimit: GuidedRun.trialLimit)
        try history.checkCanSave()
        let now = clock.now()
        let time = WallClock.rfc3339(wallClock.date(at: now))
        return try live.withLock { live throws(DashboardError) -> String in
            try Self.ensureIdle(live)
            live.autoSaved = nil
            live.guidedError = nil
            live.guidedRequest = GuidedRequest(settings: settings, label: label)
            let event = GuidedJSON.event(GuidedProtocol(settings: settings), display: live.display, label: label, at: now, time: time)
            publishGuided(&live, event)
            return event.text
        }
    }

    /// Stops the guided protocol if one is running or waiting (saving the attempt under way,
    /// flagged as stopped): its final `guided` object with the summary, and the run's summary
    /// and display for the command's own report; nil when none was running.
    func stopProtocol() -> (text: String, summary: GuidedProtocol.Summary, display: ForceDisplay)? {
        let now = clock.now()
        let date = wallClock.date(at: now)
        return live.withLock { live in
            live.timestamps.set(date)
            if let request = live.guidedRequest {
                live.guidedRequest = nil
                let machine = GuidedProtocol(settings: request.settings)
                let event = GuidedJSON.event(
                    machine, display: live.display, label: request.label, at: now, time: live.timestamps.text, stopped: true)
                publishGuided(&live, event, finished: true)
                return (event.text, machine.summary, live.display)
            }
            guard var run = live.guided else { return nil }
            let steps = run.stop(at: now, firmware: live.versions.firmware, bridgeVersion: live.versions.bridge)
            live.guided = run
            advance(&live, steps, at: now, stopped: true)
            return ((live.guidedEvent ?? JSONObject()).text, run.machine.summary, run.display)
        }
    }

    func stopRecording() throws(DashboardError) -> String {
        if let stopped = stopProtocol() { return stopped.text }
        guard let saved = try saveRecording() else {
            throw DashboardError(.conflict, "Nothing was recorded: no reading arrived since start. Is the GripFit on and streaming?")
        }
        return SessionJSON.detail(saved, display: ForceDisplay(calibration: saved.calibration, unit: unit)).text
    }

    /// Stops and saves the recording, if one has readings; the saved session with its id. Also
    /// for the end of the command, so Ctrl-C during a recording loses nothing.
    func saveRecording() throws(DashboardError) -> StoredSession? {
        let now = clock.now()
        let (finished, autoSaved) = live.withLock { live -> (StoredSession?, Result<StoredSession, DashboardError>?) in
            defer {
                live.capture = nil
                live.request = nil
                live.autoSaved = nil
            }
            var capture = live.capture
            return (capture?.finish(at: now, firmware: live.versions.firmware, bridgeVersion: live.versions.bridge), live.autoSaved)
        }
        if let finished { return try save(finished).get() }
        return try autoSaved?.get()
    }

    private func save(_ session: StoredSession) -> Result<StoredSession, DashboardError> {
        history.save(session)
    }

    func sessions() throws(DashboardError) -> String {
        try history.sessions(unit: unit)
    }

    func session(id: Int64) throws(DashboardError) -> String {
        try history.session(id: id, unit: unit)
    }

    func plot(id: Int64, unit: ForceUnit?) throws(DashboardError) -> String {
        try history.plot(id: id, unit: unit ?? self.unit)
    }

    func export(id: Int64, format: ExportFormat) throws(DashboardError) -> String {
        try history.export(id: id, format: format)
    }

    func trend(device: String?, hand: Hand?) throws(DashboardError) -> String {
        try history.trend(device: device, hand: hand, unit: unit)
    }

    private var unit: ForceUnit { live.withLock { $0.display.unit } }
}
