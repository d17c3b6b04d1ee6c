import GripFitCore
import Testing

/// Issue 34: protocols as data run by the one ``GuidedProtocol``, and their results.
struct GripProtocolTests {
    @Test func theProtocolsAreListedByNameWithTheirNumbers() {
        #expect(
            GripProtocol.all.map(\.name)
                == ["standard", "southampton", "asht", "nih-toolbox", "sustained", "intermittent", "rapid-exchange"]
        )
        #expect(GripProtocol.names == "standard, southampton, asht, nih-toolbox, sustained, intermittent, rapid-exchange")
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

    static func kg(_ value: Double) -> String { "\(value.formatted(decimals: 1)) kg" }

    @Test func intermittentGivesTheFatigueIndexAndTheLeastSquaresSlope() {
        let peaks = [40.0, 38, 37, 35]
        let figures = GripProtocol.intermittent.result(left: [], right: peaks)
        #expect(figures.map(\.measure) == [.fatigueIndex, .peakSlope] && figures.allSatisfy { $0.hand == .right && $0.trials == 4 })
        #expect(abs(figures[0].value - 12.5) < 1e-9)
        // x 1…4 (mean 2.5), y mean 37.5: Sxy = (-1.5)(2.5) + (-0.5)(0.5) + (0.5)(-0.5) + (1.5)(-2.5) = -8, Sxx = 5.
        #expect(abs(figures[1].value - -1.6) < 1e-9)
        let lines = figures.map { GripProtocol.intermittent.resultLine($0, format: Self.kg) }
        #expect(
            lines[0] == "fatigue index, right hand (intermittent v1, (PT1 − PTn) / PT1 × 100, PT the peak of the first and last "
                + "trial): 12.5 % from 4 trials"
        )
        #expect(
            lines[1] == "peak slope, right hand (intermittent v1, least-squares slope of the peak over trials): "
                + "-1.6 kg/trial from 4 trials"
        )
        let one = GripProtocol.intermittent.result(left: [], right: [40])
        #expect(one.allSatisfy { $0.missing == "needs two counted trials with a force" })
    }

    @Test func rapidExchangeIsARatioToTheStaticBestOrSaysThereIsNone() {
        let trials = [GripProtocol.TrialPeak(hand: .right, number: 1, peak: 20), .init(hand: .right, number: 2, peak: 22)]
        let without = GripProtocol.rapidExchange.figures(trials, staticMaximum: nil)
        #expect(without.map(\.measure) == [.result, .staticRatio] && without[0].value == 21)
        let none = GripProtocol.rapidExchange.resultLine(without[1], format: Self.kg)
        #expect(none.contains("no static assessment of this subject with this hand to compare with"), "\(none)")
        #expect(none.contains("information only, not a verdict") && none.contains("Almoosa 2024"), "\(none)")
        let reference = GripProtocol.StaticMaximum(assessment: "A1 (southampton v1)", left: 25, right: 30)
        let with = GripProtocol.rapidExchange.figures(trials, staticMaximum: reference)
        #expect(abs(with[1].value - 0.7) < 1e-9 && with[1].missing == nil)
        let line = GripProtocol.rapidExchange.resultLine(with[1], format: Self.kg)
        #expect(
            line.hasPrefix(
                "REG/static ratio, right hand (rapid-exchange v1, mean rapid-exchange peak / best static peak of the "
                    + "same hand): 0.70 from 2 trials; static best 30.0 kg in A1 (southampton v1); information only"
            ),
            "\(line)"
        )
    }

    @Test func sustainedReadsTheTraceAndSaysWhenItDidNotFall() {
        let samples = stride(from: 0.0, through: 4, by: 0.1).map { ForceSample(time: $0, value: $0 < 1 ? 40 * $0 : 40 - 5 * ($0 - 1)) }
        let trace = TrialTrace(samples: samples, brokenAfter: samples.map { _ in false })
        let figures = GripProtocol.sustained.figures([.init(hand: .left, number: 1, peak: 40, trace: trace)], staticMaximum: nil)
        #expect(figures.map(\.measure) == [.fr75, .fr50, .fr25] && figures.allSatisfy { $0.hand == .left })
        #expect(abs(figures[0].value - 2) < 0.11 && figures[0].missing == nil)
        let lines = figures.map { GripProtocol.sustained.resultLine($0, format: Self.kg) }
        #expect(lines[0].hasPrefix("FR75, left hand (sustained v1, time from the peak to fall to 75 % of it): 2."), "\(lines[0])")
        #expect(lines[1] == "FR50, left hand (sustained v1, time from the peak to fall to 50 % of it): did not fall to 50 % within 4 s")
        #expect(lines[2] == "FR25, left hand (sustained v1, time from the peak to fall to 25 % of it): did not fall to 25 % within 4 s")
        #expect(GripProtocol.sustained.needsTraces && !GripProtocol.intermittent.needsTraces)
    }
}
