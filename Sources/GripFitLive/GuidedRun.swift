import GripFitCore
import GripFitRecords

/// A guided protocol (``GripProtocol``) over one session, as `record --protocol` and the
/// dashboard both run it: a ``GuidedProtocol`` set for the device's calibration, fed the session's
/// reports, with each attempt recorded from its cue (``SessionCapture``) and handed back as the
/// session to save (its protocol's name, its trial number and hand, any flag in its label; a
/// practice trial flagged as one, so it never counts). Each front end shows the cues its own way
/// and saves to its own store.
public struct GuidedRun {
    /// One action of the protocol, with the session to save when it ends a recorded attempt.
    public struct Step {
        public var action: GuidedProtocol.Action
        public var session: StoredSession?
    }

    public let device: String
    public let label: String?
    public private(set) var machine: GuidedProtocol
    /// How its forces are shown: the device's calibration and the chosen unit.
    public private(set) var display: ForceDisplay
    private let wallTime: any WallTime
    private var capture: SessionCapture?
    /// A run starts at a reading, so with the link up.
    private var linkUp = true

    /// Seconds an attempt may last from the cue unless the user chose otherwise.
    public static let trialLimit = 10.0
    /// Trials per hand and seconds of rest between them unless the user chose otherwise: three
    /// each, as in the ASHT and Southampton protocols.
    public static let trialsPerHand = 3
    public static let restSeconds = 30.0
    /// The protocol name a run's attempts are saved under unless its settings name another.
    public static let protocolName = GripProtocol.standard.name
    /// The flag a saved practice attempt carries: stored attempts with a flag never count.
    public static let practiceFlag = "practice trial"

    /// What the user chose, before the device is known: `trials` per hand from `first` (right
    /// when nil), `rest` seconds between trials, `trialLimit` seconds at most per attempt.
    public static func settings(trials: Int, first: Hand?, rest: Double, trialLimit: Double) -> GuidedProtocol.Settings {
        settings(for: .standard, trials: trials, first: first, dominant: nil, rest: rest, trialLimit: trialLimit)
    }

    /// `protocol`'s settings with what the user chose in place of its own (nil: the protocol's):
    /// the first hand is `first`, else the protocol's (for a protocol that starts with the dominant
    /// hand, `dominant`, right when unknown). Whether an override is allowed is the front end's check.
    public static func settings(
        for protocol: GripProtocol,
        trials: Int?,
        first: Hand?,
        dominant: Hand?,
        rest: Double?,
        trialLimit: Double?
    ) -> GuidedProtocol.Settings {
        var settings = GuidedProtocol.Settings(threshold: ReleaseThreshold.calibrated, zero: 0)
        settings.protocolName = `protocol`.name
        settings.protocolVersion = `protocol`.version
        settings.trialsPerHand = trials ?? `protocol`.trialsPerHand
        settings.practicePerHand = `protocol`.practicePerHand
        settings.order = `protocol`.order
        let own: Hand = `protocol`.firstHand == .dominant ? dominant ?? .right : .right
        settings.firstSide = first ?? own
        settings.rest = Duration(seconds: rest ?? `protocol`.restSeconds)
        settings.trialLimit = Duration(seconds: trialLimit ?? `protocol`.trialLimit)
        settings.bothHands = `protocol`.bothHands
        settings.holdsToLimit = `protocol`.holdsToLimit
        if let pace = `protocol`.paceSeconds {
            settings.pace = Duration(seconds: pace)
            // On a beat there is no second of stillness to spare: a fifth of one shows the handle let go.
            settings.stillSpan = .milliseconds(200)
        }
        return settings
    }

    /// `settings` as chosen, with the threshold, still tolerance and zero set for `display`'s
    /// calibration: kilograms above the tared zero when calibrated, counts above the resting level
    /// otherwise. `display` has the device's calibration.
    public init(settings: GuidedProtocol.Settings, display: ForceDisplay, device: String, label: String?, wallClock: any WallTime) {
        var configured = settings
        configured.threshold = ReleaseThreshold.of(calibrated: display.isCalibrated)
        configured.stillTolerance = configured.threshold / 4
        configured.zero = display.isCalibrated ? 0 : nil
        machine = GuidedProtocol(settings: configured)
        self.display = display
        self.device = device
        self.label = label
        self.wallTime = wallClock
    }

    public var nextDeadline: MonotonicInstant? { machine.nextDeadline }

    /// The first cue.
    public mutating func start(at now: MonotonicInstant) -> [Step] {
        machine.handle(.start, now: now).map { Step(action: $0, session: nil) }
    }

    /// One report from the session, after `stage` (the session's one, with this device's
    /// calibration) has seen it; `firmware` and `bridgeVersion` are the ones known before it.
    public mutating func handle(
        _ report: LinkReport,
        at now: MonotonicInstant,
        stage: LiveCalibration,
        firmware: String?,
        bridgeVersion: String?
    ) -> [Step] {
        if var active = capture {
            _ = active.record(report, at: now, stage: stage)
            capture = active
        }
        let event: GuidedProtocol.Event
        switch report {
        case .message(.reading(let raw)):
            event = .reading(stage.kilograms(raw: raw) ?? Double(raw))
        case .state(.connected):
            linkUp = true
            return []
        case .state:
            guard linkUp else { return [] }
            linkUp = false
            event = .linkLost
        default:
            return []
        }
        let actions = machine.handle(event, now: now)
        return steps(actions, at: now, cue: (report, stage), firmware: firmware, bridgeVersion: bridgeVersion)
    }

    /// At ``nextDeadline``: the attempt's time limit, or the next second of a rest.
    public mutating func tick(at now: MonotonicInstant, firmware: String?, bridgeVersion: String?) -> [Step] {
        steps(machine.handle(.tick, now: now), at: now, cue: nil, firmware: firmware, bridgeVersion: bridgeVersion)
    }

    /// The user ends the run: an attempt under way is cut short and saved flagged.
    public mutating func stop(at now: MonotonicInstant, firmware: String?, bridgeVersion: String?) -> [Step] {
        steps(machine.handle(.stop, now: now), at: now, cue: nil, firmware: firmware, bridgeVersion: bridgeVersion)
    }

    /// Starts recording at a cue (the reading `cue` that showed the handle still opens the trace)
    /// and turns an ended attempt into its session.
    private mutating func steps(
        _ actions: [GuidedProtocol.Action],
        at now: MonotonicInstant,
        cue: (LinkReport, LiveCalibration)?,
        firmware: String?,
        bridgeVersion: String?
    ) -> [Step] {
        actions.map { action in
            switch action {
            case .squeezeNow(let trial, _):
                guard let cue else { return Step(action: action, session: nil) }
                capture = SessionCapture(
                    device: device,
                    stage: cue.1,
                    first: cue.0,
                    at: now,
                    wallTime: wallTime,
                    untilRelease: false,
                    firmware: firmware,
                    bridgeVersion: bridgeVersion,
                    tags: SessionTags(
                        label: label,
                        hand: Hand(rawValue: trial.side.rawValue),
                        protocolName: machine.settings.protocolName,
                        trial: trial.number
                    )
                )
                return Step(action: action, session: nil)
            case .attemptEnded(let attempt):
                guard var active = capture else { return Step(action: action, session: nil) }
                capture = nil
                if let flag = attempt.flag { active.tags.label = [label, "flagged: \(flag)"].compactMap { $0 }.joined(separator: "; ") }
                var session = active.finish(at: now, firmware: firmware, bridgeVersion: bridgeVersion)
                session.tags.attempt = attempt.attempt
                session.tags.flag = attempt.flag?.description ?? (attempt.trial.practice ? Self.practiceFlag : nil)
                return Step(action: action, session: session)
            case .settle, .waiting, .rest, .finished:
                return Step(action: action, session: nil)
            }
        }
    }
}
