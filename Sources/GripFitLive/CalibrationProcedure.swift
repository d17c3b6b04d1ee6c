import GripFitCore
import GripFitRecords

/// `calibrate`'s two steps as a session consumer, clock-free: nothing on the handle, then the
/// known mass, each measured as a ``StableWindow`` of still readings. A step that finds no steady
/// span (or, with the mass on, no rise) within `timeout` of its first reading fails; the
/// timeout is judged at readings, so a link that is down only delays the step. Tells its front
/// end what to show and, for the simulator, what load to hang through `onEvent`; asks to stop
/// once it is done or has failed.
public final class CalibrationProcedure: LinkConsumer {
    public enum Step: Equatable, Sendable {
        /// Nothing on the handle.
        case zero
        /// The known mass hanging from the handle.
        case load(ForceQuantity)
    }

    public enum Event: Equatable, Sendable {
        /// Ask the user to do this step.
        case prompt(Step)
        /// The load the step needs, for a simulator that hangs it itself.
        case setLoad(kilograms: Double)
        case done(Calibration)
        case failed(CalibrationError)
    }

    public let mass: ForceQuantity
    public let timeout: Duration
    /// Nil until both steps are measured or one has failed.
    public private(set) var result: Result<Calibration, CalibrationError>?

    private var window = StableWindow()
    private var zero: CalibrationPoint?
    private var stepStarted: MonotonicInstant?
    private let onEvent: (Event) -> Void

    public init(mass: ForceQuantity, timeout: Duration, onEvent: @escaping (Event) -> Void) {
        self.mass = mass
        self.timeout = timeout
        self.onEvent = onEvent
    }

    /// The first step's load and prompt, before the session runs.
    public func start() {
        onEvent(.setLoad(kilograms: 0))
        onEvent(.prompt(.zero))
    }

    public func handle(
        _ calibrated: CalibratedReport,
        at now: MonotonicInstant,
        link: LinkFacts,
        into actions: inout [ConsumerAction]
    ) {
        guard result == nil, case .message(.reading(let raw)) = calibrated.output.report else { return }
        let started = stepStarted ?? now
        stepStarted = started
        let point = window.add(raw, at: now)
        let timedOut = now - started > timeout
        guard let zero else {
            if let point {
                zero = point
                window.reset()
                stepStarted = now
                onEvent(.prompt(.load(mass)))
                onEvent(.setLoad(kilograms: mass.kilograms))
            } else if timedOut {
                finish(.failure(unstable), into: &actions)
            }
            return
        }
        let minimum = CalibrationFit.defaultMinimumDeltaCounts
        if let point, point.mean - zero.mean >= minimum {
            finish(CalibrationFit.fit(zero: zero, load: point, known: mass), into: &actions)
        } else if timedOut {
            finish(.failure(point.map { .loadNotDetected(deltaCounts: $0.mean - zero.mean, minimum: minimum) } ?? unstable), into: &actions)
        }
    }

    /// The calibration, or why there is none; nil when the session ended before both steps were measured.
    public func finish(at now: MonotonicInstant, link: LinkFacts) -> Result<Calibration, CalibrationError>? {
        result
    }

    /// The spread last seen, against the limit: why no steady span was found.
    private var unstable: CalibrationError {
        .unstable(standardDeviation: window.lastStandardDeviation ?? .infinity, limit: window.maximumStandardDeviation)
    }

    private func finish(_ outcome: Result<Calibration, CalibrationError>, into actions: inout [ConsumerAction]) {
        result = outcome
        switch outcome {
        case .success(let calibration): onEvent(.done(calibration))
        case .failure(let error): onEvent(.failed(error))
        }
        actions.append(.stop)
    }
}
