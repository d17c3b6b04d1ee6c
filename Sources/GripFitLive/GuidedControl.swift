import GripFitCore
import GripFitOutput
import GripFitRecords

/// The guided protocol run from the dashboard's page, one of its session's roles: asked for,
/// begun at the next reading of a known GripFit (a ``GuidedRun``, as `record --protocol` runs
/// one), its attempts saved as they end and its state published to the pages. What reaches
/// outside (the history, stderr, the pages' streams, the `guided` object's encoder) is injected,
/// so a test sees every step. Clock-free: the caller hands it instants and their text.
public struct GuidedControl {
    /// A guided protocol asked for, waiting for a reading from a known GripFit to begin.
    private struct Request {
        var settings: GuidedProtocol.Settings
        var label: String?
    }

    /// Where an ended attempt goes; nil once saved, else why it could not be.
    public typealias Save = (StoredSession) -> String?
    /// A `guided` object for the pages; `finished`: the run's last, for the pages open now only.
    public typealias Publish = (_ event: JSONObject, _ finished: Bool) -> Void
    /// The `guided` object for `machine` at an instant and its text: stopped by the user, or by an error.
    public typealias Describe = (
        _ machine: GuidedProtocol, _ display: ForceDisplay, _ label: String?, _ now: MonotonicInstant, _ time: String,
        _ stopped: Bool, _ error: String?
    ) -> JSONObject

    private let save: Save
    /// A line for the person at the terminal (an attempt that could not be saved).
    private let warn: (String) -> Void
    private let publish: Publish
    private let describe: Describe
    private let wallTime: any WallTime
    private var request: Request?
    private var run: GuidedRun?
    /// The latest `guided` event: for `/api/status` while the run is on, and the stop's answer.
    public private(set) var event: JSONObject?
    /// Why the run was stopped early: an attempt could not be saved.
    private var error: String?

    public init(
        wallTime: any WallTime, describe: @escaping Describe, save: @escaping Save, warn: @escaping (String) -> Void,
        publish: @escaping Publish
    ) {
        self.wallTime = wallTime
        self.describe = describe
        self.save = save
        self.warn = warn
        self.publish = publish
    }

    /// Asked for or under way: a recording cannot start beside it.
    public var isBusy: Bool { run != nil || request != nil }

    /// When ``tick(at:versions:time:)`` is needed though no report may come: the run's next step.
    public var nextDeadline: MonotonicInstant? { run?.nextDeadline }

    /// Asks for a run that begins at the next reading of a known GripFit; its first `guided` event.
    public mutating func start(
        settings: GuidedProtocol.Settings, label: String?, display: ForceDisplay, at now: MonotonicInstant, time: String
    ) -> JSONObject {
        error = nil
        request = Request(settings: settings, label: label)
        let event = describe(GuidedProtocol(settings: settings), display, label, now, time, false, nil)
        publishGuided(event)
        return event
    }

    /// Takes one report as it left `stage`; `display` is the GripFit's calibration in the
    /// dashboard's unit, `time` the report's time.
    public mutating func handle(
        _ output: LiveCalibration.Output, at now: MonotonicInstant, display: ForceDisplay, stage: LiveCalibration, link: LinkFacts,
        time: @autoclosure () -> String
    ) {
        let report = output.report
        if let device = output.beginsOn, let request, run == nil {
            self.request = nil
            var started = GuidedRun(settings: request.settings, display: display, device: device, label: request.label, wallClock: wallTime)
            let steps = started.start(at: now)
            run = started
            advance(steps, at: now, versions: (link.firmware, link.bridgeVersion), time: time())
        }
        guard var running = run else { return }
        let steps = running.handle(report, at: now, stage: stage, firmware: link.firmware, bridgeVersion: link.bridgeVersion)
        run = running
        advance(steps, at: now, versions: (link.firmware, link.bridgeVersion), time: time())
    }

    /// At ``nextDeadline``: an attempt's time limit, a second of rest.
    public mutating func tick(at now: MonotonicInstant, versions: (firmware: String?, bridge: String?), time: @autoclosure () -> String) {
        guard var running = run else { return }
        let steps = running.tick(at: now, firmware: versions.firmware, bridgeVersion: versions.bridge)
        run = running
        advance(steps, at: now, versions: versions, time: time())
    }

    /// Stops the run if one is running or waiting (saving the attempt under way, flagged as
    /// stopped): its final `guided` object, summary and display; nil when none was running.
    public mutating func stop(
        at now: MonotonicInstant, display: ForceDisplay, versions: (firmware: String?, bridge: String?), time: @autoclosure () -> String
    ) -> (text: String, summary: GuidedProtocol.Summary, display: ForceDisplay)? {
        if let request {
            self.request = nil
            let machine = GuidedProtocol(settings: request.settings)
            let event = describe(machine, display, request.label, now, time(), true, nil)
            publishGuided(event, finished: true)
            return (event.text, machine.summary, display)
        }
        guard var running = run else { return nil }
        let steps = running.stop(at: now, firmware: versions.firmware, bridgeVersion: versions.bridge)
        run = running
        advance(steps, at: now, versions: versions, time: time(), stopped: true)
        return ((event ?? JSONObject()).text, running.machine.summary, running.display)
    }

    /// Saves the attempts `steps` ended and publishes the run's state (retained, so a page that
    /// opens later sees the current cue): after every action, and with each reading of a squeeze
    /// for the live force. The caller holds the session's lock, so a stop from the page and the
    /// driver's next step never publish out of order. An attempt that cannot be saved stops the
    /// run, as it stops `record`. `time` is made text only when there is something to publish.
    private mutating func advance(
        _ steps: [GuidedRun.Step], at now: MonotonicInstant, versions: (firmware: String?, bridge: String?),
        time: @autoclosure () -> String, stopped: Bool = false
    ) {
        guard var running = run else { return }
        var steps = steps
        var stopped = stopped
        var unsaved = steps.compactMap(\.session)
        while !unsaved.isEmpty {
            guard let failure = save(unsaved.removeFirst()) else { continue }
            warn("gripfit-serial: an attempt of the guided protocol could not be saved: \(failure)")
            error = error ?? "An attempt could not be saved, so the protocol stopped: \(failure)"
            guard !stopped, running.machine.phase != .finished else { continue }
            stopped = true
            let more = running.stop(at: now, firmware: versions.firmware, bridgeVersion: versions.bridge)
            run = running
            steps += more
            unsaved += more.compactMap(\.session)
        }
        let squeezing = if case .squeezing = running.machine.phase { true } else { false }
        guard !steps.isEmpty || squeezing || stopped else { return }
        publishGuided(
            describe(running.machine, running.display, running.label, now, time(), stopped, error),
            finished: stopped || running.machine.phase == .finished)
        if running.machine.phase == .finished { run = nil }
    }

    /// The current `guided` object, kept for `/api/status`; published retained while the run is
    /// on, the finished one only to the pages open now (see ``Publish``).
    private mutating func publishGuided(_ event: JSONObject, finished: Bool = false) {
        self.event = event
        publish(event, finished)
    }
}
