import GripFitCore
import Testing

struct TrialMeasuresTests {
    private let options = AnalysisOptions(threshold: .absolute(5))

    private func expectValue(_ measure: TrialMeasures.Measure, _ expected: Double, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let value = measure.value else {
            Issue.record("expected \(expected), got \(measure)", sourceLocation: sourceLocation)
            return
        }
        #expect(abs(value - expected) < 1e-9, "\(value) is not \(expected)", sourceLocation: sourceLocation)
    }

    @Test func aWholeGripHasHandComputedMeasures() {
        // 100 ms apart; the grip is 10 … 5 (readings 1 to 9: 0 is below the 2 kg exit level), its peak 50 at 0.4 s.
        let samples = Curve.samples([0, 10, 30, 45, 50, 48, 46, 40, 20, 5, 0])
        let measures = TrialMeasures.measure(samples, options: options)
        expectValue(measures.timeToPeak, 0.3)
        // 45 at 0.3 s is the first reading at or above 40.
        expectValue(measures.timeTo80, 0.2)
        // 10 → 30 in 0.1 s.
        expectValue(measures.peakRFD, 200)
        #expect(measures.rfdWindow == 0.1)
        // Held (≥ 45): 45, 50, 48, 46 from 0.3 to 0.6 s.
        expectValue(measures.plateauForce, 47.25)
        expectValue(measures.plateauCV, (14.75 / 4).squareRoot() / 47.25 * 100)
        expectValue(measures.heldDuration, 0.3)
        // From 40 at 0.7 s (the last at or above 40) to 5 at 0.9 s (the first at or below 10).
        expectValue(measures.releaseRate, 175)
        // Trapezoids over 10 … 5: (40 + 75 + 95 + 98 + 94 + 86 + 60 + 25) × 0.05.
        expectValue(measures.impulse, 28.65)
    }

    @Test func aGapInTheHoldLeavesWhatItCutsUnavailable() {
        // The link drops at 0.55 s, during the hold, and is back at 1.0 s.
        let samples = Curve.samples([0, 10, 30, 45, 50, 48]) + Curve.samples([46, 40, 20, 5, 0], start: 1.0)
        let gap = TraceGap(startMicros: 550_000, endMicros: 1_000_000)
        let measures = TrialMeasures.measure(samples, gaps: [gap], options: options)
        expectValue(measures.timeToPeak, 0.3)
        expectValue(measures.timeTo80, 0.2)
        expectValue(measures.peakRFD, 200)
        let cut = "a link gap cut the grip short"
        #expect(measures.plateauForce == .unavailable(cut))
        #expect(measures.plateauCV == .unavailable(cut))
        #expect(measures.heldDuration == .unavailable(cut))
        #expect(measures.impulse == .unavailable(cut))
        // 48 before the gap and 46 after it are both above 80 %: the release is not joined across it.
        #expect(measures.releaseRate == .unavailable("a link gap during the release"))
    }

    @Test func anOnsetInAGapLeavesTheTimesUnavailableAndTheHoldMeasured() {
        // Nothing from 0.15 to 0.5 s; the force is already 30 when readings come back.
        let samples = Curve.samples([0, 0]) + Curve.samples([30, 50, 45, 10, 0], start: 0.5)
        let gap = TraceGap(startMicros: 150_000, endMicros: 500_000)
        let measures = TrialMeasures.measure(samples, gaps: [gap], options: options)
        let unseen = "the grip began during a link gap"
        #expect(measures.timeToPeak == .unavailable(unseen))
        #expect(measures.timeTo80 == .unavailable(unseen))
        #expect(measures.impulse == .unavailable(unseen))
        // Held: 50 and 45, from 0.6 to 0.7 s.
        expectValue(measures.plateauForce, 47.5)
        expectValue(measures.plateauCV, 2.5 / 47.5 * 100)
        expectValue(measures.heldDuration, 0.1)
        // 45 at 0.7 s to 10 at 0.8 s.
        expectValue(measures.releaseRate, 350)
    }

    @Test func aRecordingEndingInTheHoldSaysSo() {
        let measures = TrialMeasures.measure(Curve.samples([0, 20, 50, 48]), options: options)
        expectValue(measures.timeToPeak, 0.1)
        #expect(measures.plateauForce == .unavailable("the recording ended during the grip"))
        #expect(measures.releaseRate == .unavailable("the recording ended before the force fell to 20 % of the peak"))
        #expect(measures.impulse == .unavailable("the recording ended during the grip"))
    }

    @Test func aPeakHeldForOneReadingHasNoPlateau() {
        let measures = TrialMeasures.measure(Curve.samples([0, 20, 50, 20, 0]), options: options)
        #expect(measures.plateauForce.reason?.hasPrefix("held for one reading only") == true)
        // 50 at 0.2 s to 0 at 0.4 s: 20 is not at or below 10.
        expectValue(measures.releaseRate, 250)
    }

    @Test func noGripBelowTheThreshold() {
        let measures = TrialMeasures.measure(Curve.samples([0, 1, 2, 1, 0]), options: options)
        for field in TrialMeasureField.allCases where field != .peakRFD {
            #expect(field.measure(measures) == .unavailable("no grip: no reading rose above the rep threshold"))
        }
    }

    @Test func keysNameTheirUnits() {
        #expect(
            TrialMeasureField.allCases.map { $0.key(unit: "kg") } == [
                "time_to_peak_s", "time_to_80_s", "peak_rfd_kg_per_s", "plateau_force_kg", "plateau_cv_pct", "held_duration_s",
                "release_rate_kg_per_s", "impulse_kg_s",
            ]
        )
    }
}
