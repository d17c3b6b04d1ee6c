import GripFitCore
import Testing

/// FR75/FR50/FR25 from a trace's real sample times, never across a link gap.
struct ForceDeclineTests {
    /// A peak of 40 at 1 s fading 4 kg/s, sampled every `step` seconds.
    static func fading(step: Double = 0.1, until end: Double = 12) -> [ForceSample] {
        stride(from: 0.0, through: end, by: step).map { time in
            ForceSample(time: time, value: time < 1 ? 40 * time : max(0, 40 - 4 * (time - 1)))
        }
    }

    @Test func theTimeIsTheFirstReadingAtOrBelowTheLevelFromThePeaksOwnTime() {
        let samples = Self.fading()
        let trace = TrialTrace(samples: samples, brokenAfter: samples.map { _ in false })
        // 50 % of 40 at 5 s after the peak, 25 % at 7.5 s: within one sample interval.
        guard case .seconds(let fr50) = ForceDecline.time(toFallTo: 0.5, in: trace),
            case .seconds(let fr25) = ForceDecline.time(toFallTo: 0.25, in: trace)
        else {
            Issue.record("not reached")
            return
        }
        #expect(abs(fr50 - 5) <= 0.1 && abs(fr25 - 7.5) <= 0.1)
    }

    @Test func unevenSamplesAreReadAtTheirOwnTimes() {
        // The peak at 2.0 s, then readings at 2.5 s (35), 6.1 s (15): 15 is the first at or below 50 %.
        let samples = [ForceSample(time: 0, value: 1), .init(time: 2, value: 40), .init(time: 2.5, value: 35), .init(time: 6.1, value: 15)]
        let trace = TrialTrace(samples: samples, brokenAfter: [false, false, false, false])
        #expect(ForceDecline.time(toFallTo: 0.5, in: trace) == .seconds(6.1 - 2))
    }

    @Test func aFallDuringALinkGapIsNotANumber() {
        let samples = [ForceSample(time: 0, value: 40), .init(time: 1, value: 30), .init(time: 4, value: 10)]
        let trace = TrialTrace(samples: samples, brokenAfter: [false, true, false])
        #expect(ForceDecline.time(toFallTo: 0.5, in: trace) == .duringGap(from: 1, to: 4))
        // 75 % was reached before the gap: that time stands.
        #expect(ForceDecline.time(toFallTo: 0.75, in: trace) == .seconds(1))
    }

    @Test func aGripThatNeverFallsThatFarIsNotReached() {
        let samples = Self.fading(until: 3)
        let trace = TrialTrace(samples: samples, brokenAfter: samples.map { _ in false })
        #expect(ForceDecline.time(toFallTo: 0.25, in: trace) == .notReached)
        #expect(ForceDecline.time(toFallTo: 0.5, in: TrialTrace(samples: [], brokenAfter: [])) == .notReached)
    }

    @Test func theStoredTraceIsReadWithItsGaps() {
        let raw = RawTrace(
            samples: [RawSample(micros: 0, raw: 100), RawSample(micros: 100_000, raw: 500), RawSample(micros: 900_000, raw: 100)],
            gaps: [TraceGap(startMicros: 200_000, endMicros: 800_000)]
        )
        let trace = TrialTrace(raw, calibration: nil)
        #expect(trace.samples.map(\.value) == [0, 400, 0] && trace.brokenAfter == [false, true, false])
    }
}
