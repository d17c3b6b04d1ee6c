import GripFitCore
import Testing

/// Issue 34: protocols as data run by the one ``GuidedProtocol``, and their results.
struct GripProtocolTests {
    @Test func theProtocolsAreListedByNameWithTheirNumbers() {
        #expect(GripProtocol.all.map(\.name) == ["standard", "southampton", "asht", "nih-toolbox"])
        #expect(GripProtocol.names == "standard, southampton, asht, nih-toolbox")
        #expect(GripProtocol.named("asht")?.restRange.lowerBound == 15)
        #expect(GripProtocol.named("nih-toolbox")?.overrides.contains(.trials) == false)
        #expect(GripProtocol.named("southampton")?.cue.contains("as hard and as long as you can") == true)
        #expect(GripProtocol.named("quick") == nil)
        // `standard` is today's protocol: what every assessment recorded before was run with.
        #expect(GripProtocol.standard.trialsPerHand == 3 && GripProtocol.standard.restSeconds == 30)
        #expect(GripProtocol.standard.overrides == [.trials, .rest, .hand])
    }

    @Test func alternatingTrialsKeepTheStandardOrder() {
        var settings = GuidedProtocol.Settings(threshold: 2, zero: 0)
        settings.trialsPerHand = 2
        let trials = GuidedProtocol(settings: settings).trialOrder
        #expect(trials.map(\.side) == [.right, .left, .right, .left])
        #expect(trials.map(\.number) == [1, 1, 2, 2])
        #expect(trials.map(\.index) == [1, 2, 3, 4] && trials.allSatisfy { $0.count == 4 && !$0.practice })
    }

    @Test func blockedTrialsRunOneHandsPracticeAndTestBeforeTheOther() {
        var settings = GuidedProtocol.Settings(threshold: 2, zero: 0)
        settings.trialsPerHand = 1
        settings.practicePerHand = 1
        settings.order = .blocked
        settings.firstSide = .left
        let trials = GuidedProtocol(settings: settings).trialOrder
        #expect(trials.map(\.side) == [.left, .left, .right, .right])
        #expect(trials.map(\.practice) == [true, false, true, false])
        #expect(trials.map(\.number) == [1, 1, 1, 1])
    }

    @Test func aPracticeTrialIsRunOnceAndNeverCounted() {
        var settings = GuidedProtocol.Settings(threshold: 2, zero: 0)
        settings.trialsPerHand = 1
        settings.practicePerHand = 1
        settings.order = .blocked
        settings.rest = .zero
        var machine = GuidedProtocol(settings: settings)
        var now = MonotonicInstant.zero
        var actions = machine.handle(.start, now: now)
        let still = [Double](repeating: 0.1, count: 12)
        let squeeze: [Double] = [0.5, 1, 3, 8, 15, 22, 25, 24, 20, 10, 3, 0.5, 0.2]
        for peak in [10.0, 30, 12, 28] {
            for value in still + squeeze.map({ $0 * peak / 25 }) {
                now = now + .milliseconds(100)
                actions += machine.handle(.reading(value), now: now)
            }
        }
        guard case .finished(let summary)? = actions.last else {
            Issue.record("not finished: \(actions)")
            return
        }
        #expect(summary.attempts.count == 4 && summary.attempts.allSatisfy(\.valid))
        #expect(summary.counted(.right).map(\.peak) == [30] && summary.counted(.left).map(\.peak) == [28])
        #expect(summary.missed.isEmpty)
    }

    @Test func eachProtocolsResultNamesItsStatistic() {
        let left = [25.0, 24, 26]
        let right = [30.0, 32, 31]
        #expect(GripProtocol.standard.result(left: left, right: right).isEmpty)
        let maximum = GripProtocol.southampton.result(left: left, right: right)
        #expect(maximum == [GripProtocol.Figure(hand: nil, value: 32, statistic: .maximumOfAll, trials: 6)])
        let mean = GripProtocol.asht.result(left: left, right: right)
        #expect(mean.map(\.hand) == [.right, .left] && mean.map(\.value) == [31, 25])
        #expect(GripProtocol.nihToolbox.result(left: [20], right: []).map(\.value) == [20])
        let line = GripProtocol.southampton.resultLine(maximum[0]) { "\($0.formatted(decimals: 1)) kg" }
        #expect(line == "result (southampton v1, maximum of all trials, either hand): 32.0 kg from 6 trials")
    }
}
