import GripFitCore
import Testing

struct GripAnalysisTests {
    private let absolute5 = AnalysisOptions(threshold: .absolute(5))

    @Test func triangleHasKnownAnswers() {
        // 0 → 40 → 0 in steps of 10, 100 ms apart, with a rest either side.
        let samples = Curve.samples([0, 0] + Curve.triangle(peak: 40, steps: 4) + [0, 0])
        let summary = GripAnalysis.analyze(samples, options: absolute5)
        #expect(summary.peak == 40)
        #expect(abs(summary.peakTime - 0.6) < 1e-12)
        #expect(summary.reps.count == 1)
        // The rep holds 10, 20, 30, 40, 30, 20, 10.
        #expect(abs(summary.mean - 160.0 / 7) < 1e-12)
        #expect(abs(summary.timeToPeak - 0.3) < 1e-12)
        #expect(abs(summary.peakRFD - 100) < 1e-9)
        #expect(abs(summary.impulse - 15) < 1e-9)
        #expect(abs(summary.duration - 1.2) < 1e-12)
        #expect(abs(summary.activeDuration - 0.6) < 1e-12)
        #expect(summary.sampleCount == 13)
        #expect(summary.threshold == 5)
    }

    @Test func rfdUsesTheWindow() {
        let samples = Curve.samples([0, 5, 25, 30, 30])
        #expect(abs(GripAnalysis.analyze(samples, options: AnalysisOptions(rfdWindow: 0.1)).peakRFD - 200) < 1e-9)
        #expect(abs(GripAnalysis.analyze(samples, options: AnalysisOptions(rfdWindow: 0.2)).peakRFD - 125) < 1e-9)
        #expect(abs(GripAnalysis.analyze(samples, options: AnalysisOptions(rfdWindow: 0.3)).peakRFD - 100) < 1e-9)
    }

    @Test func rfdOnAFastStreamAveragesOverTheWindow() {
        // 20 ms readings rising 1 per reading for 10 readings, then flat: 50 unit/s throughout.
        let samples = Curve.samples((0...10).map(Double.init) + Array(repeating: 10, count: 10), step: 0.02)
        #expect(abs(GripAnalysis.analyze(samples).peakRFD - 50) < 1e-9)
    }

    @Test func plateauImpulseIsForceTimesTime() {
        // 2 s at 25 after a one-step rise and before a one-step fall.
        let samples = Curve.samples([0] + Array(repeating: 25, count: 21) + [0])
        let summary = GripAnalysis.analyze(samples, options: absolute5)
        #expect(abs(summary.impulse - 50) < 1e-9)
        #expect(summary.mean == 25)
        #expect(abs(summary.reps[0].duration - 2) < 1e-12)
        #expect(summary.timeToPeak == 0)
    }

    @Test func countsRepsAndSumsTheirImpulse() {
        let one = [0.0, 20, 20, 0]
        let samples = Curve.samples(one + one + one)
        let summary = GripAnalysis.analyze(samples, options: absolute5)
        #expect(summary.reps.count == 3)
        #expect(abs(summary.impulse - 6) < 1e-9)
        #expect(summary.reps.allSatisfy { !$0.interrupted })
    }

    @Test func thresholdCanFollowThePeak() {
        let samples = Curve.samples([0, 1_000, 0, 150_000, 0])
        let summary = GripAnalysis.analyze(samples, options: AnalysisOptions(threshold: .uncalibrated))
        #expect(summary.threshold == 30_000)
        #expect(summary.reps.count == 1)
    }

    @Test func aThresholdFollowingThePeakHasAFloorSoNoiseHasNoReps() {
        // An idle handle in counts above its lowest reading: the simulator's noise, ±3 σ of 120 counts.
        let noise: [Double] = [0, 416, 120, 380, 0, 300, 720, 40, 500, 10, 650, 0]
        let summary = GripAnalysis.analyze(Curve.samples(noise), options: AnalysisOptions(threshold: .uncalibrated))
        #expect(summary.threshold == RepThreshold.rawFloor)
        #expect(summary.reps.isEmpty)
        #expect(RepThreshold.fractionOfPeak(0.2, floor: 5).resolved(peak: 100) == 20)
        #expect(RepThreshold.fractionOfPeak(0.2, floor: 5).resolved(peak: 10) == 5)
    }

    @Test func gapsAreNotBridged() {
        // Squeezing at 30 when the link drops at 0.35 s; back at 1.0 s at 30, release.
        let samples = Curve.samples([0, 30, 30, 30]) + Curve.samples([30, 30, 0], start: 1.0)
        let gap = TraceGap(startMicros: 350_000, endMicros: 1_000_000)
        let summary = GripAnalysis.analyze(samples, gaps: [gap], options: absolute5)
        #expect(summary.reps.count == 2)
        #expect(summary.reps[0].interrupted)
        #expect(!summary.reps[1].interrupted)
        // 0.2 s + 0.1 s at 30, nothing for the gap.
        #expect(abs(summary.impulse - 9) < 1e-9)
        #expect(summary.gapCount == 1)
        #expect(abs(summary.gapDuration - 0.65) < 1e-9)
        #expect(abs(summary.peakRFD - 300) < 1e-9)
    }

    @Test func rfdIgnoresAJumpAcrossAGap() {
        let samples = Curve.samples([0, 0]) + Curve.samples([50, 50], start: 0.2)
        let gap = TraceGap(startMicros: 150_000, endMicros: 190_000)
        #expect(GripAnalysis.analyze(samples, gaps: [gap]).peakRFD == 0)
        #expect(abs(GripAnalysis.analyze(samples).peakRFD - 500) < 1e-9)
    }

    /// The binary search gives what asking every gap for every reading gives: gaps unsorted, before
    /// the first reading, after the last, several between two readings, one at a reading's time.
    @Test func gapBoundariesFindEveryGapBetweenReadings() {
        let samples = Curve.samples([0, 0, 0, 0, 0, 0])
        let gaps = [450_000, 50_000, 120_000, 150_000, 200_000, 900_000, -10_000].map {
            TraceGap(startMicros: Int64($0), endMicros: Int64($0) + 1_000)
        }
        let expected = samples.indices.map { index in
            let next = index + 1 < samples.count ? samples[index + 1].time : .infinity
            return gaps.contains { $0.start >= samples[index].time && $0.start < next }
        }
        #expect(expected == [true, true, true, false, true, true])
        #expect(GripAnalysis.gapBoundaries(samples, gaps) == expected)
        // A reading with no time has no gap after it, as no comparison with NaN holds.
        let timeless = [ForceSample(time: .nan, value: 0), ForceSample(time: 1, value: 0)]
        #expect(GripAnalysis.gapBoundaries(timeless, [TraceGap(startMicros: 500_000, endMicros: 600_000)]) == [false, false])
    }

    /// RFD skips exactly the pairs with a gap between them when a window spans many readings.
    @Test func rfdSkipsOnlyWindowsThatHoldAGap() {
        // 10 ms readings, a window of 100 ms (ten readings): a steep rise from reading 20 to 40.
        let values: [Double] = (0..<60).map { index in
            if index < 20 { return 0 }
            return index < 40 ? Double(index - 20) * 5 : 100
        }
        let samples = Curve.samples(values, step: 0.01)
        let options = AnalysisOptions(rfdWindow: 0.1)
        let unbroken = GripAnalysis.analyze(samples, options: options).peakRFD
        #expect(abs(unbroken - 500) < 1e-6)
        // A gap after reading 30 leaves the windows of readings 20–21 (ending by 30) and 31 on.
        let gap = TraceGap(startMicros: 305_000, endMicros: 306_000)
        #expect(abs(GripAnalysis.analyze(samples, gaps: [gap], options: options).peakRFD - 500) < 1e-6)
        // Gaps after every fifth reading leave no window of ten readings whole.
        let many = stride(from: Int64(5_000), to: 600_000, by: 50_000).map { TraceGap(startMicros: $0, endMicros: $0 + 1) }
        #expect(GripAnalysis.analyze(samples, gaps: many, options: options).peakRFD == 0)
    }

    @Test func emptyTraceIsAllZero() {
        let summary = GripAnalysis.analyze([])
        #expect(summary.peak == 0)
        #expect(summary.reps.isEmpty)
        #expect(summary.sampleCount == 0)
    }

    @Test func noRepMeansNoActiveMean() {
        let summary = GripAnalysis.analyze(Curve.samples([1, 2, 1]), options: absolute5)
        #expect(summary.mean == 0)
        #expect(summary.peak == 2)
        #expect(summary.reps.isEmpty)
    }
}
