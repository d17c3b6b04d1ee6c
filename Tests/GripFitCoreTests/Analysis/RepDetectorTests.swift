import GripFitCore
import Testing

struct RepDetectorTests {
    private func reps(_ values: [Double], threshold: Double = 10) -> [RepSummary] {
        var detector = RepDetector(threshold: threshold)
        var found = Curve.samples(values).compactMap { detector.add($0) }
        if let last = detector.interrupt() { found.append(last) }
        return found
    }

    @Test func noiseAroundTheThresholdIsOneRep() {
        let found = reps([0, 9, 11, 9.5, 10.5, 8, 12, 7, 11, 4.5, 10.2, 3, 0])
        #expect(found.count == 1)
        #expect(found.first?.peak == 12)
        #expect(found.first?.start == 0.2)
        #expect(found.first?.interrupted == false)
    }

    @Test func dropsBelowFortyPercentSplitReps() {
        #expect(reps([11, 3.9, 11, 3.9, 11, 3.9]).count == 3)
    }

    @Test func exactlyFortyPercentStaysInTheRep() {
        #expect(reps([11, 4, 11, 0]).count == 1)
    }

    @Test func exactlyTheThresholdDoesNotStartARep() {
        #expect(reps([0, 10, 10, 0]).isEmpty)
    }

    @Test func noiseBelowTheThresholdIsNoRep() {
        let noise = (0..<200).map { Double(($0 * 7919) % 97) / 10 }  // 0 … 9.6, deterministic
        #expect(reps(noise).isEmpty)
    }

    @Test func noisyPlateausCountExactly() {
        // Five squeezes to about 30 with ±3 noise, separated by rest with ±1 noise around 1.
        var values: [Double] = []
        for rep in 0..<5 {
            values += (0..<8).map { 1 + Double(($0 + rep) % 3) - 1 }
            values += (0..<12).map { 30 + Double(($0 * 5 + rep) % 7) - 3 }
        }
        values += [0, 0]
        #expect(reps(values).count == 5)
    }

    @Test func measuresARep() throws {
        let rep = try #require(reps([0, 0, 10.5, 20, 30, 40, 30, 20, 10.5, 0, 0]).first)
        #expect(abs(rep.start - 0.2) < 1e-12)
        #expect(abs(rep.end - 0.8) < 1e-12)
        #expect(abs(rep.duration - 0.6) < 1e-12)
        #expect(rep.peak == 40)
        #expect(abs(rep.peakTime - 0.5) < 1e-12)
        // Trapezoids: 0.1 × (15.25 + 25 + 35 + 35 + 25 + 15.25)
        #expect(abs(rep.impulse - 15.05) < 1e-9)
        #expect(abs(rep.mean - 161.0 / 7) < 1e-12)
        #expect(rep.sampleCount == 7)
    }

    @Test func anUnfinishedRepIsInterrupted() {
        let found = reps([0, 20, 30])
        #expect(found.count == 1)
        #expect(found.first?.interrupted == true)
    }
}
