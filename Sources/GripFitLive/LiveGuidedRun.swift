import GripFitCore
import GripFitRecords

/// `record --protocol standard` as a session consumer: a ``GuidedRun`` begun at the first reading
/// from a known GripFit, fed the session through the one ``CalibrationStage``, ticked at its own
/// deadlines (the rest countdown, an attempt's time limit). Each ended attempt is handed to `save`;
/// one that cannot be saved stops the run (an attempt under way is cut short and saved flagged) and
/// the session, as does the protocol's end. The front end shows the cues and the live force from
/// `onEvent`: `record --protocol` on the terminal, the dashboard's page (``GuidedControl``).
public final class LiveGuidedRun: LinkConsumer {
    /// What the front end shows; `display` is how the run's forces are shown.
    public enum Event {
        /// Why the device key is not the GripFit's own BLE identity.
        case notice(String)
        /// The GripFit has no calibration: forces are raw counts.
        case uncalibrated(device: String)
        /// One step of the protocol, after its attempt (if any) was handed to `save`.
        case step(GuidedRun.Step, display: ForceDisplay)
        /// A reading during a squeeze: the force and the attempt's peak so far.
        case squeezing(force: Double, peak: Double, display: ForceDisplay)
        /// A reading while a trial waits for a still, unloaded handle.
        case waiting(GuidedProtocol.Holdup, display: ForceDisplay)
    }

    public private(set) var run: GuidedRun?
    /// Why the session stopped early: the calibration could not be read, or the first attempt not saved.
    public private(set) var failure: (any Error)?
    private var finished: GuidedProtocol.Summary?
    /// The run was stopped (by the user, or by a failed save): a later failure stops nothing more.
    public private(set) var stopped = false
    private let settings: GuidedProtocol.Settings
    private let label: String?
    private let needsCalibrationFile: Bool
    private let unit: ForceUnit
    private let wallTime: any WallTime
    private let save: (StoredSession) throws -> Void
    private let onEvent: (Event) -> Void

    /// `needsCalibrationFile`: a calibration file that cannot be read stops the session (`record`);
    /// false runs on raw counts, as the dashboard goes on with them (it says why once, for the whole page).
    public init(
        settings: GuidedProtocol.Settings,
        label: String?,
        unit: ForceUnit,
        wallTime: any WallTime,
        needsCalibrationFile: Bool = true,
        save: @escaping (StoredSession) throws -> Void,
        onEvent: @escaping (Event) -> Void = { _ in }
    ) {
        self.settings = settings
        self.label = label
        self.needsCalibrationFile = needsCalibrationFile
        self.unit = unit
        self.wallTime = wallTime
        self.save = save
        self.onEvent = onEvent
    }

    /// The protocol's summary: at its end, or as far as it got.
    public var summary: GuidedProtocol.Summary? { finished ?? run?.machine.summary }

    public var nextDeadline: MonotonicInstant? { run?.nextDeadline }

    public func handle(
        _ calibrated: CalibratedReport,
        at now: MonotonicInstant,
        link: LinkFacts,
        into actions: inout [ConsumerAction]
    ) {
        let (output, stage) = (calibrated.output, calibrated.stage)
        let report = output.report
        if run == nil, let device = output.beginsOn {
            if let error = output.decided?.failure(notice: { onEvent(.notice($0)) }), needsCalibrationFile {
                failure = error
                actions.append(.stop)
                return
            }
            let display = ForceDisplay(calibration: stage.record, unit: unit)
            if !display.isCalibrated { onEvent(.uncalibrated(device: device)) }
            var fresh = GuidedRun(settings: settings, display: display, device: device, label: label, wallClock: wallTime)
            let steps = fresh.start(at: now)
            run = fresh
            perform(steps, at: now, link: link, into: &actions)
        }
        guard var current = run else { return }
        let steps = current.handle(report, at: now, stage: stage, firmware: link.firmware, bridgeVersion: link.bridgeVersion)
        run = current
        perform(steps, at: now, link: link, into: &actions)
        guard let current = run else { return }
        if case .squeezing(_, _, let force?, let peak?) = current.machine.phase {
            onEvent(.squeezing(force: force, peak: peak, display: current.display))
        } else if case .settling = current.machine.phase, let holdup = current.machine.holdup {
            onEvent(.waiting(holdup, display: current.display))
        }
        if failure != nil { actions.append(.stop) }
    }

    public func tick(at now: MonotonicInstant, link: LinkFacts, into actions: inout [ConsumerAction]) {
        guard var current = run, let due = current.nextDeadline, due <= now else { return }
        let steps = current.tick(at: now, firmware: link.firmware, bridgeVersion: link.bridgeVersion)
        run = current
        perform(steps, at: now, link: link, into: &actions)
    }

    /// The user ends the run (a signal, the page's stop): an attempt under way is cut short and saved flagged.
    public func stop(at now: MonotonicInstant, link: LinkFacts) {
        guard var current = run else { return }
        stopped = true
        let steps = current.stop(at: now, firmware: link.firmware, bridgeVersion: link.bridgeVersion)
        run = current
        var ignored: [ConsumerAction] = []
        perform(steps, at: now, link: link, into: &ignored)
    }

    /// Saves each ended attempt, else stops: the first attempt that cannot be saved ends the run
    /// there (the one under way, if any, cut short and saved flagged) and asks the session to stop.
    private func perform(_ steps: [GuidedRun.Step], at now: MonotonicInstant, link: LinkFacts, into actions: inout [ConsumerAction]) {
        var steps = steps[...]
        while let step = steps.popFirst() {
            if let session = step.session {
                do {
                    try save(session)
                } catch {
                    failure = failure ?? error
                    actions.append(.stop)
                    if !stopped, var current = run, current.machine.phase != .finished {
                        stopped = true
                        steps += current.stop(at: now, firmware: link.firmware, bridgeVersion: link.bridgeVersion)
                        run = current
                    }
                }
            }
            if case .finished(let result) = step.action {
                finished = result
                actions.append(.stop)
            }
            onEvent(.step(step, display: run?.display ?? ForceDisplay(calibration: nil, unit: unit)))
        }
    }
}
