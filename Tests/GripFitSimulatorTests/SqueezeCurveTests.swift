import Testing

@testable import GripFitSimulator

@Suite struct SqueezeCurveTests {
    @Test func squeezesRiseToAPeakAndFallBackToRest() {
        var curve = SqueezeCurve(seed: 42)
        let samples = stride(from: 0.0, to: 30.0, by: 0.1).map { curve.force(at: $0) }
        #expect(samples.allSatisfy { $0 >= 0 && $0 <= 45 })
        #expect(samples.max()! >= 25)
        let squeezes = zip(samples, samples.dropFirst()).filter { $0 < 5 && $1 >= 5 }.count
        #expect((4...12).contains(squeezes), "about one squeeze every 3–5 s")
        #expect(samples.filter { $0 == 0 }.count > samples.count / 5, "rests between squeezes")
    }

    @Test func theSameSeedReplaysTheSameCurve() {
        var first = SqueezeCurve(seed: 9)
        var second = SqueezeCurve(seed: 9)
        for t in stride(from: 0.0, to: 10.0, by: 0.1) {
            #expect(first.force(at: t) == second.force(at: t))
        }
    }
}
