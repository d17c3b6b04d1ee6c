import GripFitCore
import Testing

/// Drives a ``GuidedProtocol`` with readings every 100 ms on a fake clock.
private struct Run {
    var machine: GuidedProtocol
    var now = MonotonicInstant.zero
    var actions: [GuidedProtocol.Action] = []

    init(_ configure: (inout GuidedProtocol.Settings) -> Void = { _ in }) {
        var settings = GuidedProtocol.Settings(threshold: 2, zero: 0)
        settings.trialsPerHand = 1
        settings.rest = .zero
        settings.trialLimit = .seconds(5)
        configure(&settings)
        machine = GuidedProtocol(settings: settings)
        actions += machine.handle(.start, now: now)
    }

    /// One reading per 100 ms, with ticks for any deadline passed on the way.
    mutating func feed(_ values: [Double]) {
        for value in values {
            let next = now + .milliseconds(100)
            while let deadline = machine.nextDeadline, deadline <= next {
                now = max(now, deadline)
                actions += machine.handle(.tick, now: now)
            }
            now = next
            actions += machine.handle(.reading(value), now: now)
        }
    }

    mutating func wait(_ duration: Duration) {
        let end = now + duration
        while let deadline = machine.nextDeadline, deadline <= end {
            now = max(now, deadline)
            actions += machine.handle(.tick, now: now)
        }
        now = end
    }

    var ended: [GuidedProtocol.Attempt] {
        actions.compactMap { if case .attemptEnded(let attempt) = $0 { attempt } else { nil } }
    }

    var cues: Int { actions.filter { if case .squeezeNow = $0 { true } else { false } }.count }
}

private let still = [Double](repeating: 0.1, count: 12)
private let squeeze: [Double] = [0.5, 1, 3, 8, 15, 22, 25, 24, 20, 10, 3, 0.5, 0.2]

struct GuidedProtocolTests {
    @Test func waitsForAStillUnloadedHandleBeforeTheCue() {
        var run = Run()
        run.feed([10, 12, 11, 10, 12, 11, 10, 12, 11, 10, 12, 11])  // holding on: loaded
        #expect(run.cues == 0)
        run.feed([0.1, 1.5, 0.1, 1.4, 0.2, 1.5, 0.1, 1.4, 0.2, 1.5, 0.1, 1.3])  // wobbling
        #expect(run.cues == 0)
        run.feed(still)
        #expect(run.cues == 1)
        #expect(run.actions.first == .settle(trial(1, .right), attempt: 1))
    }

    @Test func aCleanSqueezeCountsAndTheSummaryNamesIt() throws {
        var run = Run()
        run.feed(still + squeeze + still + squeeze.map { $0 * 1.2 })
        #expect(run.ended.count == 2)
        #expect(run.ended.allSatisfy { $0.flag == nil })
        guard case .finished(let summary) = try #require(run.actions.last) else {
            Issue.record("not finished")
            return
        }
        #expect(summary.best(.right)?.trial.index == 1)
        #expect(summary.best(.left)?.trial.index == 2)
        #expect(abs((summary.mean(.left) ?? 0) - 30) < 1e-9)
        #expect(summary.missed.isEmpty)
        #expect(run.machine.phase == .finished)
        // Relative to the stronger hand's best: the left squeeze is 1.2 times the right one.
        let difference = try #require(summary.difference)
        #expect(difference.stronger == .left)
        #expect(abs(difference.percent - (1 - 1 / 1.2) * 100) < 1e-6)
    }

    @Test func liveForceDuringTheSqueeze() {
        var run = Run()
        run.feed(still + [3, 8, 15])
        guard case .squeezing(_, _, let current, let peak) = run.machine.phase else {
            Issue.record("not squeezing: \(run.machine.phase)")
            return
        }
        #expect(abs((current ?? 0) - 15) < 1e-9)
        #expect(abs((peak ?? 0) - 15) < 1e-9)
    }

    @Test func forceAboveTheThresholdAtTheCueIsFlaggedAndOfferedAgain() {
        var run = Run()
        // Still and unloaded, then the very first reading after the cue is already a squeeze.
        run.feed(still + [20, 25, 24, 10, 0.2] + still + squeeze)
        #expect(run.ended.count == 2)
        #expect(run.ended.first?.flag == .earlyStart(force: 20))
        #expect(run.ended.first?.trial == run.ended.last?.trial)
        #expect(run.ended.last?.attempt == 2)
        #expect(run.ended.last?.flag == nil)
        #expect(run.machine.summary.counted(.right).map(\.attempt) == [2])
    }

    @Test func aSqueezeHeldPastTheLimitIsCutShort() {
        var run = Run { $0.trialLimit = .seconds(1) }
        run.feed(still + [0.5, 5, 20, 25, 25, 25, 25, 25, 25, 25, 25, 25])
        #expect(run.ended.first?.flag == .timeLimit)
        #expect(run.ended.first?.counts == false)
    }

    @Test func aGripHeldToTheLimitOfAProtocolThatHoldsToItCounts() {
        var run = Run {
            $0.trialLimit = .seconds(1)
            $0.holdsToLimit = true
        }
        run.feed(still + [0.5, 5, 20, 25, 25, 25, 25, 25, 25, 25, 25, 25])
        #expect(run.ended.first?.flag == nil && run.ended.first?.counts == true)
        #expect(run.ended.first?.peak == 25)
    }

    @Test func aOneHandedRunCuesOnlyTheFirstHand() {
        let trials = GuidedProtocol(settings: GuidedProtocol.Settings(threshold: 2, zero: 0).with(trials: 3, first: .left).oneHanded)
            .trialOrder
        #expect(trials.map(\.side) == [.left, .left, .left] && trials.map(\.number) == [1, 2, 3])
        #expect(trials.allSatisfy { $0.count == 3 })
    }

    @Test func aPacedRunCuesOnTheBeatFromTheLastCueNotAfterARest() {
        var run = Run {
            $0.trialsPerHand = 2
            $0.rest = .seconds(30)
            $0.pace = .seconds(2)
            $0.stillSpan = .milliseconds(200)
        }
        run.feed(still)
        #expect(run.cues == 1)
        run.feed(squeeze + still)
        // 2.5 s after the first cue: the second came at the beat, the 30 s rest never ran.
        #expect(run.cues == 2)
        #expect(run.machine.attempts.count == 1)
    }

    @Test func noSqueezeBeforeTheLimitIsFlagged() {
        var run = Run { $0.trialLimit = .seconds(1) }
        run.feed(still + still)
        #expect(run.ended.first?.flag == .noSqueeze)
    }

    @Test func aDroppedLinkCutsTheAttemptShort() {
        var run = Run()
        run.feed(still + [5, 10])
        run.actions += run.machine.handle(.linkLost, now: run.now)
        #expect(run.ended.first?.flag == .linkLost)
        #expect(run.machine.phase == .settling(trial(1, .right), attempt: 2))
    }

    @Test func afterTheLastOfferTheProtocolMovesOnAndSaysWhatIsMissing() throws {
        var run = Run {
            $0.trialLimit = .seconds(1)
            $0.attemptsPerTrial = 2
        }
        run.feed(still + still + still + still + [0.5, 1, 1.5, 3, 8, 15, 8, 0.2])  // released within the one-second limit
        #expect(run.ended.map(\.flag) == [.noSqueeze, .noSqueeze, nil])
        #expect(run.ended.last?.trial.side == .left)
        let summary = run.machine.summary
        #expect(summary.missed.map(\.index) == [1])
        #expect(summary.best(.right) == nil)
    }

    @Test func restCountsDownOncePerSecond() {
        var run = Run { $0.rest = .seconds(3) }
        run.feed(still + squeeze)
        run.wait(.milliseconds(3500))
        let rests = run.actions.compactMap { if case .rest(let seconds, _) = $0 { seconds } else { nil } }
        #expect(rests == [3, 2, 1])
        #expect(run.machine.phase == .settling(trial(2, .left), attempt: 1))
    }

    @Test func stopDuringASqueezeEndsTheAttemptAndFinishes() {
        var run = Run()
        run.feed(still + [5, 10])
        let actions = run.machine.handle(.stop, now: run.now)
        guard case .attemptEnded(let attempt) = actions.first, case .finished = actions.last else {
            Issue.record("\(actions)")
            return
        }
        #expect(attempt.flag == .stopped)
    }

    @Test func withoutAKnownZeroTheRestingLevelIsTheZeroOnceTheHandleHasMoved() {
        var run = Run { $0 = GuidedProtocol.Settings(threshold: 40_000, zero: nil).with(trials: 1) }
        let offset = 834_000.0
        // An untared GripFit still at one level since the start: empty or loaded, nobody can tell.
        run.feed(still.map { $0 * 100 + offset })
        #expect(run.cues == 0)
        #expect(run.machine.holdup == .zeroUnknown(level: offset + 10))
        // Squeezed and let go: the level it returns to is the empty handle.
        run.feed(squeeze.map { $0 * 20_000 + offset } + still.map { $0 * 100 + offset })
        #expect(run.cues == 1)
        run.feed(squeeze.map { $0 * 20_000 + offset })
        #expect(run.cues == 1)
        #expect(run.machine.holdup == nil)
        #expect(run.ended.first?.flag == nil)
        // Measured from the resting level, whose second of readings still holds the release's last counts.
        #expect(abs((run.ended.first?.peak ?? 0) - 500_000) < 2_000)
    }

    @Test func withoutAKnownZeroATaredHandleIsCuedAtOnce() {
        var run = Run { $0 = GuidedProtocol.Settings(threshold: 40_000, zero: nil).with(trials: 1) }
        run.feed(still.map { $0 * 100 })
        #expect(run.cues == 1)
    }

    @Test func aConstantLoadIsNeverCuedWithOrWithoutAZero() {
        // 20 kg hanging on the handle: calibrated (kg above the zero), and in counts on an untared GripFit.
        var calibrated = Run()
        calibrated.feed([Double](repeating: 20, count: 60))
        var raw = Run { $0 = GuidedProtocol.Settings(threshold: 40_000, zero: nil).with(trials: 1) }
        raw.feed([Double](repeating: 834_000 + 400_000, count: 60))
        #expect(calibrated.cues == 0 && raw.cues == 0)
        #expect(calibrated.machine.holdup == .loaded(force: 20))
        #expect(raw.machine.holdup == .zeroUnknown(level: 1_234_000))
        // Each reason is announced once, not with every reading.
        let waits = calibrated.actions.filter { if case .waiting(_, _, .loaded(force: 20)) = $0 { true } else { false } }
        #expect(waits.count == 1, "\(calibrated.actions)")
        // Let go: the wait ends with the cue.
        calibrated.feed(still)
        #expect(calibrated.cues == 1)
        #expect(calibrated.machine.holdup == nil)
    }

    @Test func aHandleFarBelowItsZeroWasTaredUnderLoadAndIsNotCued() {
        var run = Run()
        run.feed([Double](repeating: -31, count: 20))
        #expect(run.cues == 0)
        #expect(run.machine.holdup == .loaded(force: -31))
    }

    @Test func alternatesHandsFromTheFirst() {
        let machine = GuidedProtocol(settings: GuidedProtocol.Settings(threshold: 2, zero: 0).with(trials: 3, first: .left))
        var run = Run()
        run.machine = machine
        _ = run.machine.handle(.start, now: .zero)
        for _ in 0..<6 { run.feed(still + squeeze) }
        #expect(run.ended.map(\.trial.side) == [.left, .right, .left, .right, .left, .right])
        #expect(run.ended.map(\.trial.number) == [1, 1, 2, 2, 3, 3])
    }
}

private func trial(_ index: Int, _ side: Hand) -> GuidedProtocol.Trial {
    GuidedProtocol.Trial(index: index, count: 2, side: side, number: 1)
}

extension GuidedProtocol.Settings {
    fileprivate var oneHanded: Self {
        var copy = self
        copy.bothHands = false
        return copy
    }

    fileprivate func with(trials: Int, first: Hand = .right) -> Self {
        var copy = self
        copy.trialsPerHand = trials
        copy.firstSide = first
        copy.rest = .zero
        copy.trialLimit = .seconds(5)
        return copy
    }
}
