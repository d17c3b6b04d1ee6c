import GripFitCore
import GripFitOutput
import GripFitRecords

/// The guided protocol run from the dashboard's page, one of its session's roles: while asked
/// for, `record --protocol`'s own ``LiveGuidedRun`` behind the session's ``CalibratedSession``,
/// so it begins at the next reading of a known GripFit, saves each attempt as it ends (an attempt
/// that cannot be saved stops the run) and ends the run, not the session. This publishes the run's
/// state to the pages. What reaches outside (the history, stderr, the pages' streams, the `guided`
/// object's encoder) is injected, so a test sees every step. Clock-free: instants come in, and
/// their text is made from the injected wall clock only when there is something to publish.
public final class GuidedControl: LinkConsumer {
    /// Where an ended attempt goes; nil once saved, else why it could not be.
    public typealias Save = (StoredSession) -> String?
    /// A `guided` object for the pages; `finished`: the run's last, for the pages open now only.
    public typealias Publish = (_ event: JSONObject, _ finished: Bool) -> Void
    /// The `guided` object for `machine` at an instant and its text: stopped by the user, or by an error.
    public typealias Describe = (
        _ machine: GuidedProtocol, _ display: ForceDisplay, _ label: String?, _ now: MonotonicInstant, _ time: String,
        _ stopped: Bool, _ error: String?
    ) -> JSONObject

    /// An attempt `save` could not save, and why.
    private struct Unsaved: Error {
        var reason: String
    }

    private let save: Save
    /// A line for the person at the terminal (an attempt that could not be saved).
    private let warn: (String) -> Void
    private let publish: Publish
    private let describe: Describe
    /// Each cue to squeeze: the hand and the trial's place among that hand's cues, practice first,
    /// as a simulated person (`--person`) counts them.
    private let cue: (Hand, Int) -> Void
    private let unit: ForceUnit
    private let wallTime: any WallTime
    private var run: LiveGuidedRun?
    private var settings: GuidedProtocol.Settings?
    private var label: String?
    /// The run took a step since it last published.
    private var stepped = false
    /// The latest `guided` event: for `/api/status` while the run is on, and the stop's answer.
    public private(set) var event: JSONObject?
    /// Why the run was stopped early: an attempt could not be saved.
    private var error: String?

    public init(
        unit: ForceUnit,
        wallTime: any WallTime,
        describe: @escaping Describe,
        save: @escaping Save,
        warn: @escaping (String) -> Void,
        publish: @escaping Publish,
        cue: @escaping (Hand, Int) -> Void = { _, _ in }
    ) {
        self.cue = cue
        self.unit = unit
        self.wallTime = wallTime
        self.describe = describe
        self.save = save
        self.warn = warn
        self.publish = publish
    }

    /// Asked for or under way: a recording cannot start beside it.
    public var isBusy: Bool { run != nil }

    /// The run's next step when no report may come: an attempt's time limit, a second of rest.
    public var nextDeadline: MonotonicInstant? { run?.nextDeadline }

    /// Asks for a run that begins at the next reading of a known GripFit; its first `guided` event.
    /// `display` is the GripFit's calibration in the dashboard's unit, as far as it is known.
    public func start(settings: GuidedProtocol.Settings, label: String?, display: ForceDisplay, at now: MonotonicInstant) -> JSONObject {
        error = nil
        stepped = false
        self.settings = settings
        self.label = label
        let save = save
        let warn = warn
        // The dashboard goes on with raw counts when the calibration file cannot be read, and says why once.
        run = LiveGuidedRun(
            settings: settings,
            label: label,
            unit: unit,
            wallTime: wallTime,
            needsCalibrationFile: false,
            save: { session in
                guard let failure = save(session) else { return }
                warn("gripfit-serial: an attempt of the guided protocol could not be saved: \(failure)")
                throw Unsaved(reason: failure)
            },
            onEvent: { [unowned self] event in
                guard case .step(let step, _) = event else { return }
                self.stepped = true
                if case .squeezeNow(let trial, _) = step.action {
                    self.cue(trial.side, settings.cueSlot(of: trial))
                }
            }
        )
        let event = describe(GuidedProtocol(settings: settings), display, label, now, time(now), false, nil)
        publishGuided(event)
        return event
    }

    public func handle(_ calibrated: CalibratedReport, at now: MonotonicInstant, link: LinkFacts, into actions: inout [ConsumerAction]) {
        guard let run else { return }
        var own: [ConsumerAction] = []
        run.handle(calibrated, at: now, link: link, into: &own)
        advance(own, at: now, into: &actions)
    }

    public func tick(at now: MonotonicInstant, link: LinkFacts, into actions: inout [ConsumerAction]) {
        guard let run else { return }
        var own: [ConsumerAction] = []
        run.tick(at: now, link: link, into: &own)
        advance(own, at: now, into: &actions)
    }

    /// Stops the run if one is running or waiting (saving the attempt under way, flagged as
    /// stopped): its final `guided` object, summary and display; nil when none was running.
    /// `display` is the GripFit's as far as known, for a run that has not begun.
    public func stop(
        at now: MonotonicInstant,
        display: ForceDisplay,
        link: LinkFacts
    ) -> (text: String, summary: GuidedProtocol.Summary, display: ForceDisplay)? {
        guard let current = run, let settings else { return nil }
        guard let begun = current.run else {
            run = nil
            let machine = GuidedProtocol(settings: settings)
            let event = describe(machine, display, label, now, time(now), true, nil)
            publishGuided(event, finished: true)
            return (event.text, machine.summary, display)
        }
        current.stop(at: now, link: link)
        var ignored: [ConsumerAction] = []
        advance([], at: now, stopped: true, into: &ignored)
        let stopped = current.run ?? begun
        return ((event ?? JSONObject()).text, stopped.machine.summary, stopped.display)
    }

    /// Publishes the run's state after a report or a tick (retained, so a page that opens later
    /// sees the current cue): after every step, and with each reading of a squeeze for the live
    /// force. The run's own stop (its end, or an attempt not saved) ends the run, not the
    /// dashboard's session. The caller holds the session's lock, so a stop from the page and the
    /// driver's next step never publish out of order.
    private func advance(_ own: [ConsumerAction], at now: MonotonicInstant, stopped: Bool = false, into actions: inout [ConsumerAction]) {
        actions += own.filter { $0 != .stop }
        guard let current = run, let begun = current.run else { return }
        if let unsaved = current.failure as? Unsaved, error == nil {
            error = "An attempt could not be saved, so the protocol stopped: \(unsaved.reason)"
        }
        let finished = begun.machine.phase == .finished
        let stopped = stopped || current.stopped
        let squeezing = if case .squeezing = begun.machine.phase { true } else { false }
        guard stepped || squeezing || stopped || finished else { return }
        stepped = false
        publishGuided(describe(begun.machine, begun.display, label, now, time(now), stopped, error), finished: stopped || finished)
        if stopped || finished { run = nil }
    }

    /// The current `guided` object, kept for `/api/status`; published retained while the run is
    /// on, the finished one only to the pages open now (see ``Publish``).
    private func publishGuided(_ event: JSONObject, finished: Bool = false) {
        self.event = event
        publish(event, finished)
    }

    private func time(_ now: MonotonicInstant) -> String {
        RFC3339.format(milliseconds: wallTime.epochMilliseconds(at: now))
    }
}
