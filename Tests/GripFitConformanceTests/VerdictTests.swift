import GripFitCore
import Testing

@testable import GripFitConformance

/// The verdict rules on made-up figures, at the edges of each tolerance.
struct VerdictTests {
    let settings = ConformanceSettings()

    static func every(_ milliseconds: Int, for total: Int) -> [MonotonicInstant] {
        stride(from: 0, through: total, by: milliseconds).map { MonotonicInstant(nanoseconds: Int64($0) * 1_000_000) }
    }

    @Test func defaultRatePassesWithinTheToleranceAndFailsOutside() {
        #expect(DefaultRateProbe.verdict(Self.every(105, for: 5000), nominal: .milliseconds(100), settings: settings).verdict == .passed)
        let slow = DefaultRateProbe.verdict(Self.every(120, for: 5000), nominal: .milliseconds(100), settings: settings).verdict
        guard case .failed(let reason) = slow else {
            Issue.record("\(slow)")
            return
        }
        #expect(reason.contains("mean interval 120.0 ms"))
    }

    @Test func defaultRateFailsOnDroppedReadings() {
        var arrivals = Self.every(100, for: 5000)
        arrivals.removeSubrange(10..<13)
        let verdict = DefaultRateProbe.verdict(arrivals, nominal: .milliseconds(100), settings: settings).verdict
        guard case .failed(let reason) = verdict else {
            Issue.record("\(verdict)")
            return
        }
        #expect(reason.contains("about 3 of 51 readings missing"))
    }

    @Test func defaultRateFailsWithoutReadings() {
        #expect(DefaultRateProbe.verdict([], nominal: .milliseconds(100), settings: settings).verdict.isFailure)
    }

    @Test func tareWantsTheMedianNearZero() {
        #expect(TareProbe.verdict([-300, 12, 250, 1_999, -40], settings: settings).verdict == .passed)
        #expect(TareProbe.verdict([2_500, 2_600, 2_400], settings: settings).verdict.isFailure)
        let loaded = TareProbe.verdict([2_500, 2_600, 2_400], settings: settings).verdict
        let expected = "readings after S:TARED centre on 2500, not within ±2000 of 0: the handle reads 2500 counts: is something on it?"
        #expect(loaded == .failed(expected), "a loaded handle is named as the likely cause")
        #expect(TareProbe.verdict([], settings: settings).verdict.isFailure)
    }

    @Test func pingJudgesP99AndUnanswered() {
        let quick = (1...10).map { Duration.milliseconds($0 * 10) }
        #expect(PingProbe.verdict(quick, unanswered: 0, settings: settings).verdict == .passed)
        #expect(PingProbe.verdict(quick + [.milliseconds(1500)], unanswered: 0, settings: settings).verdict.isFailure)
        #expect(PingProbe.verdict(quick, unanswered: 1, settings: settings).verdict.isFailure)
    }

    @Test func windowsScaleWithTheDuration() {
        var short = ConformanceSettings()
        short.samplingWindow = .seconds(1)
        #expect(short.pingCount == 3)
        #expect(short.rateWindow(milliseconds: 50) == .milliseconds(500))
        #expect(short.rateWindow(milliseconds: 20) == .milliseconds(400))
        #expect(settings.pingCount == 10)
        #expect(settings.rateWindow(milliseconds: 50) == .seconds(2))
    }
}
