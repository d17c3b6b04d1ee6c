/// Guided grip trials (`record --protocol standard`, and the dashboard): the same cues, checks and
/// summary wherever they are shown. Pure: feed it events with the time they happened, act on the
/// actions it returns, and call ``handle(_:now:)`` with ``Event/tick`` by ``nextDeadline``.
///
/// For each trial, in the order its ``GripProtocol`` gives (`trialsPerHand` per hand, after any
/// practice trials, alternating hands or one hand's trials then the other's):
/// 1. ``Action/settle(_:attempt:)``: ask the user to let go. The machine waits for a still,
///    unloaded handle (``RestingHandle``), so no trial is measured from a squeeze already under way.
///    A still handle that is loaded, or whose load cannot be known, is never cued: ``holdup`` says
///    why, and ``Action/waiting(_:attempt:_:)`` announces each new reason once.
/// 2. ``Action/squeezeNow(_:attempt:)``: cue the squeeze; the caller starts recording here.
///    While squeezing, ``phase`` carries the current and peak force for a live display.
/// 3. ``Action/attemptEnded(_:)``: the squeeze was released, or the attempt was cut short; the
///    caller stops recording. An attempt with a ``Flag`` (force above the threshold within the
///    reaction time, no squeeze, time limit, link lost) is offered again, up to `attemptsPerTrial`.
/// 4. ``Action/rest(remainingSeconds:before:)`` once per whole second left, then the next trial.
/// 5. ``Action/finished(_:)`` with a ``Summary`` naming the attempts behind each hand's best and mean.
///
/// Readings are forces in one unit throughout (kilograms when calibrated, counts otherwise). With a
/// known `zero` (a calibrated device) "unloaded" means near that zero. Without one, near 0 counts
/// (a tared GripFit reads 0 with nothing on it), or near the lowest level seen once the readings
/// have spanned the threshold (the handle was squeezed and let go, so that level is not a load
/// held all along); a handle still at one level since the start is not cued, since an empty
/// handle cannot be told from a loaded one. Each attempt is then measured from the resting level before it.
public struct GuidedProtocol: Sendable {
    /// One slot of the protocol: the `index`-th of `count`, the `number`-th for its hand (practice
    /// trials numbered apart from test trials); a `practice` trial is run and saved but never counted.
    public struct Trial: Equatable, Sendable {
        public var index: Int
        public var count: Int
        public var side: Hand
        public var number: Int
        public var practice: Bool

        public init(index: Int, count: Int, side: Hand, number: Int, practice: Bool = false) {
            self.index = index
            self.count = count
            self.side = side
            self.number = number
            self.practice = practice
        }
    }

    public struct Settings: Equatable, Sendable {
        /// The ``GripProtocol`` run, as its attempts and assessment are saved under.
        public var protocolName = GripProtocol.standard.name
        public var protocolVersion = GripProtocol.standard.version
        public var trialsPerHand = 3
        /// Practice trials per hand, before its test trials.
        public var practicePerHand = 0
        public var order: GripProtocol.HandOrder = .alternating
        public var firstSide: Hand = .right
        public var rest: Duration = .seconds(30)
        /// The longest an attempt may last from the cue.
        public var trialLimit: Duration = .seconds(10)
        /// Where a squeeze starts, above the zero (the rep threshold).
        public var threshold: Double
        /// The force of an unloaded handle when known (calibrated); nil: the resting level.
        public var zero: Double?
        public var stillSpan: Duration = .seconds(1)
        /// The spread of readings still counted as a still handle.
        public var stillTolerance: Double
        /// Force above the threshold this soon after the cue was there before the cue.
        public var reactionTime: Duration = .milliseconds(300)
        public var attemptsPerTrial = 3
        /// False: only `firstSide` squeezes (``GripProtocol/bothHands``).
        public var bothHands = true
        /// Reaching `trialLimit` while squeezing ends the trial unflagged (``GripProtocol/holdsToLimit``).
        public var holdsToLimit = false
        /// The time from one cue to the next (``GripProtocol/paceSeconds``); nil: `rest` after each attempt.
        public var pace: Duration?

        /// Trials per hand a run may ask for (`record --trials`, the dashboard's protocol).
        public static let trialsPerHandRange = 1...5
        /// Seconds of rest between trials a run may ask for (`record --rest`, the dashboard's protocol).
        public static let restSecondsRange = 0.0...3_600.0

        public init(threshold: Double, zero: Double?) {
            self.threshold = threshold
            self.zero = zero
            stillTolerance = threshold / 4
        }

        /// `trial`'s place among its hand's cues, practice first: the peak a scripted person
        /// (`--person`) squeezes for it.
        public func cueSlot(of trial: Trial) -> Int {
            trial.practice ? trial.number : practicePerHand + trial.number
        }
    }

    /// Why an attempt does not count.
    public enum Flag: Equatable, Sendable, CustomStringConvertible {
        /// Above the threshold within the reaction time: the squeeze began before the cue.
        case earlyStart(force: Double)
        /// No squeeze crossed the threshold before the time limit.
        case noSqueeze
        /// Still squeezing when the time limit came.
        case timeLimit
        case linkLost
        /// The user stopped the protocol during the attempt.
        case stopped

        public var description: String {
            switch self {
            case .earlyStart: "squeeze began before the cue"
            case .noSqueeze: "no squeeze before the time limit"
            case .timeLimit: "cut short by the time limit while squeezing"
            case .linkLost: "cut short: the link to the GripFit dropped"
            case .stopped: "cut short: stopped"
            }
        }
    }

    public struct Attempt: Equatable, Sendable {
        public var trial: Trial
        /// 1 for the first try of a trial, 2 when offered again, …
        public var attempt: Int
        /// Highest force above the zero, if any reading came.
        public var peak: Double?
        public var flag: Flag?
        public var started: MonotonicInstant
        public var ended: MonotonicInstant

        public init(trial: Trial, attempt: Int, peak: Double?, flag: Flag?, started: MonotonicInstant, ended: MonotonicInstant) {
            self.trial = trial
            self.attempt = attempt
            self.peak = peak
            self.flag = flag
            self.started = started
            self.ended = ended
        }

        /// Neither flagged nor empty: a practice trial done once is done.
        public var valid: Bool { flag == nil && peak != nil }

        /// Valid and a test trial: what the protocol's figures are made of.
        public var counts: Bool { valid && !trial.practice }
    }

    /// The attempts of a run and what the assessment reports from them.
    public struct Summary: Equatable, Sendable {
        public var attempts: [Attempt]

        public init(attempts: [Attempt]) {
            self.attempts = attempts
        }

        /// The attempts that count for `side`, in order.
        public func counted(_ side: Hand) -> [Attempt] {
            attempts.filter { $0.trial.side == side && $0.counts }
        }

        /// The counted attempt with the highest peak.
        public func best(_ side: Hand) -> Attempt? {
            counted(side).max { ($0.peak ?? 0) < ($1.peak ?? 0) }
        }

        public func mean(_ side: Hand) -> Double? {
            let peaks = counted(side).compactMap(\.peak)
            return peaks.isEmpty ? nil : peaks.reduce(0, +) / Double(peaks.count)
        }

        /// How far apart the two hands' bests are, relative to the stronger hand's best (as grip
        /// assessments report asymmetry); nil unless both hands have a counted attempt above zero.
        public var difference: (percent: Double, stronger: Hand)? {
            guard let left = best(.left)?.peak, let right = best(.right)?.peak else { return nil }
            return Self.difference(left: left, right: right)
        }

        /// The one formula for the difference of two hands' bests (also used for stored assessments).
        public static func difference(left: Double, right: Double) -> (percent: Double, stronger: Hand)? {
            guard max(left, right) > 0 else { return nil }
            return (abs(right - left) / max(left, right) * 100, right >= left ? .right : .left)
        }

        /// Trials left without a counted attempt after every offer.
        public var missed: [Trial] {
            var missed: [Trial] = []
            for attempt in attempts where !missed.contains(attempt.trial) {
                if !attempts.contains(where: { $0.trial == attempt.trial && $0.valid }) { missed.append(attempt.trial) }
            }
            return missed
        }
    }

    /// Why a still handle is not cued.
    public enum Holdup: Equatable, Sendable {
        /// The handle rests at `force` from the zero: let go, or tare it if nothing is on it (a
        /// negative force: it was tared under load).
        case loaded(force: Double)
        /// No calibration, no tare, and the handle has rested at `level` counts since the start:
        /// an empty handle cannot be told from a loaded one until it is tared or squeezed and let go.
        case zeroUnknown(level: Double)

        fileprivate func sameReason(as other: Holdup?) -> Bool {
            switch (self, other) {
            case (.loaded, .loaded?), (.zeroUnknown, .zeroUnknown?): true
            default: false
            }
        }
    }

    public enum Event: Equatable, Sendable {
        case start
        case reading(Double)
        /// The link to the GripFit went down.
        case linkLost
        case tick
        /// The user ends the protocol (Ctrl-C, a stop button).
        case stop
    }

    public enum Action: Equatable, Sendable {
        /// Ask the user to let go and hold the handle still.
        case settle(Trial, attempt: Int)
        /// The handle is still but not cued, for this new reason (see ``holdup`` for its latest level).
        case waiting(Trial, attempt: Int, Holdup)
        /// Cue the squeeze; the attempt's recording starts now.
        case squeezeNow(Trial, attempt: Int)
        /// The attempt's recording ends now; a flagged one is offered again while attempts remain.
        case attemptEnded(Attempt)
        /// Whole seconds of rest left before `before`, once per change.
        case rest(remainingSeconds: Int, before: Trial)
        case finished(Summary)
    }

    public enum Phase: Equatable, Sendable {
        case idle
        case settling(Trial, attempt: Int)
        /// `current` and `peak` are forces above the zero.
        case squeezing(Trial, attempt: Int, current: Double?, peak: Double?)
        case resting(Trial, attempt: Int, until: MonotonicInstant)
        case finished
    }

    public let settings: Settings
    public private(set) var phase: Phase = .idle
    public private(set) var attempts: [Attempt] = []
    /// While settling: why the still handle is not cued, with its latest level; nil otherwise.
    public private(set) var holdup: Holdup?

    private let trials: [Trial]
    private var resting: RestingHandle
    private var floor: Double?
    private var ceiling: Double?
    private var baseline = 0.0
    private var started = MonotonicInstant.zero
    private var detector: RepDetector
    private var early: Double?
    private var announcedRest: Int?

    public init(settings: Settings) {
        self.settings = settings
        trials = Self.trials(settings)
        resting = RestingHandle(span: settings.stillSpan, tolerance: settings.stillTolerance)
        detector = RepDetector(threshold: settings.threshold)
    }

    public var summary: Summary { Summary(attempts: attempts) }

    /// Every trial of the run, in the order they are cued.
    public var trialOrder: [Trial] { trials }

    /// When to send ``Event/tick``: the attempt's time limit, or the next second of a rest.
    public var nextDeadline: MonotonicInstant? {
        switch phase {
        case .squeezing: return started + settings.trialLimit
        case .resting(_, _, let until): return nextRestChange(until: until)
        case .idle, .settling, .finished: return nil
        }
    }

    public mutating func handle(_ event: Event, now: MonotonicInstant) -> [Action] {
        if case .reading(let value) = event {
            floor = min(floor ?? value, value)
            ceiling = max(ceiling ?? value, value)
        }
        switch (phase, event) {
        case (.idle, .start):
            return settle(trials[0], attempt: 1, now: now)
        case (.finished, _), (.idle, _):
            return []
        case (_, .stop):
            var actions: [Action] = []
            if case .squeezing = phase { actions.append(endAttempt(flag: .stopped, now: now)) }
            return actions + finish()
        case (.settling(let trial, let attempt), .reading(let value)):
            guard let level = resting.add(value, at: now) else { return [] }
            if let reason = self.holdup(at: level) {
                let announce = !reason.sameReason(as: holdup)
                holdup = reason
                return announce ? [.waiting(trial, attempt: attempt, reason)] : []
            }
            holdup = nil
            baseline = settings.zero ?? level
            started = now
            early = nil
            detector = RepDetector(threshold: settings.threshold)
            phase = .squeezing(trial, attempt: attempt, current: nil, peak: nil)
            return [.squeezeNow(trial, attempt: attempt)]
        case (.settling, .linkLost):
            resting.reset()
            return []
        case (.squeezing(let trial, let attempt, _, let peak), .reading(let value)):
            let force = value - baseline
            if early == nil, now - started <= settings.reactionTime, force > settings.threshold { early = force }
            phase = .squeezing(trial, attempt: attempt, current: force, peak: max(peak ?? force, force))
            let seconds = (now - started).seconds
            guard detector.add(ForceSample(time: seconds, value: force)) != nil else { return [] }
            return [endAttempt(flag: early.map { .earlyStart(force: $0) }, now: now)] + next(after: now)
        case (.squeezing, .linkLost):
            return [endAttempt(flag: .linkLost, now: now)] + next(after: now)
        case (.squeezing, .tick):
            guard now >= started + settings.trialLimit else { return [] }
            let earlyFlag = early.map { Flag.earlyStart(force: $0) }
            let flag: Flag? = detector.inRep ? (settings.holdsToLimit ? earlyFlag : .timeLimit) : earlyFlag ?? .noSqueeze
            return [endAttempt(flag: flag, now: now)] + next(after: now)
        case (.resting(let trial, let attempt, let until), .tick):
            if now >= until { return settle(trial, attempt: attempt, now: now) }
            return announceRest(until: until, before: trial, now: now)
        case (.settling, _), (.squeezing, _), (.resting, _):
            return []
        }
    }

    // MARK: - Steps

    /// Why a handle still at `level` must not be cued; nil when it is unloaded.
    private func holdup(at level: Double) -> Holdup? {
        let near = settings.threshold / 2
        // Well below the zero is no better: the handle was tared under load, and every force would be off by as much.
        if let zero = settings.zero { return abs(level - zero) < near ? nil : .loaded(force: level - zero) }
        if abs(level) < near { return nil }
        guard let floor, let ceiling, ceiling - floor >= settings.threshold else { return .zeroUnknown(level: level) }
        return level - floor < near ? nil : .loaded(force: level - floor)
    }

    private mutating func settle(_ trial: Trial, attempt: Int, now: MonotonicInstant) -> [Action] {
        resting.reset()
        holdup = nil
        phase = .settling(trial, attempt: attempt)
        return [.settle(trial, attempt: attempt)]
    }

    private mutating func endAttempt(flag: Flag?, now: MonotonicInstant) -> Action {
        guard case .squeezing(let trial, let attempt, _, let peak) = phase else { preconditionFailure("not squeezing") }
        let result = Attempt(trial: trial, attempt: attempt, peak: peak, flag: flag, started: started, ended: now)
        attempts.append(result)
        return .attemptEnded(result)
    }

    /// The same trial again after a flagged attempt (while attempts remain), else the next trial.
    private mutating func next(after now: MonotonicInstant) -> [Action] {
        guard let last = attempts.last else { return finish() }
        let (trial, attempt): (Trial, Int)
        if !last.valid, last.attempt < settings.attemptsPerTrial {
            (trial, attempt) = (last.trial, last.attempt + 1)
        } else if last.trial.index < trials.count {
            (trial, attempt) = (trials[last.trial.index], 1)
        } else {
            return finish()
        }
        // A paced run cues on the beat, counted from the last cue; any other rests after the attempt.
        let until = settings.pace.map { started + $0 } ?? now + settings.rest
        guard until > now else { return settle(trial, attempt: attempt, now: now) }
        phase = .resting(trial, attempt: attempt, until: until)
        announcedRest = nil
        return announceRest(until: until, before: trial, now: now)
    }

    private mutating func announceRest(until: MonotonicInstant, before trial: Trial, now: MonotonicInstant) -> [Action] {
        let remaining = Self.wholeSeconds(until - now)
        guard remaining != announcedRest else { return [] }
        announcedRest = remaining
        return [.rest(remainingSeconds: remaining, before: trial)]
    }

    private mutating func finish() -> [Action] {
        phase = .finished
        return [.finished(summary)]
    }

    private func nextRestChange(until: MonotonicInstant) -> MonotonicInstant {
        // The countdown shows whole seconds rounded up: it changes when the time left crosses one.
        guard let announcedRest, announcedRest > 1 else { return until }
        return MonotonicInstant(nanoseconds: until.nanoseconds - Duration.seconds(announcedRest - 1).nanoseconds)
    }

    /// The run's trials in order: each hand's practice trials, then its test trials, the hands
    /// alternating slot by slot or one hand's whole sequence before the other's.
    static func trials(_ settings: Settings) -> [Trial] {
        let perHand = max(0, settings.practicePerHand) + max(1, settings.trialsPerHand)
        func slot(_ side: Hand, _ place: Int) -> (side: Hand, number: Int, practice: Bool) {
            let practice = place < settings.practicePerHand
            return (side, practice ? place + 1 : place - max(0, settings.practicePerHand) + 1, practice)
        }
        let first = settings.firstSide
        let slots: [(side: Hand, number: Int, practice: Bool)] =
            switch (settings.bothHands, settings.order) {
            case (false, _): (0..<perHand).map { slot(first, $0) }
            case (true, .alternating): (0..<perHand).flatMap { [slot(first, $0), slot(first.other, $0)] }
            case (true, .blocked): (0..<perHand).map { slot(first, $0) } + (0..<perHand).map { slot(first.other, $0) }
            }
        return slots.enumerated().map { index, slot in
            Trial(index: index + 1, count: slots.count, side: slot.side, number: slot.number, practice: slot.practice)
        }
    }

    /// Whole seconds left, rounded up, as the rest countdown shows them.
    public static func wholeSeconds(_ duration: Duration) -> Int {
        let nanoseconds = max(0, duration.nanoseconds)
        return Int((nanoseconds + 999_999_999) / 1_000_000_000)
    }
}
