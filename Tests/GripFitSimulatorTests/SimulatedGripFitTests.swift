import GripFitCore
import GripFitSimulator
import Testing

struct SimulatedGripFitTests {
    /// `calibrate --simulate` relies on this: a still mass reads baseline + mass × scale, give or take noise.
    @Test func constantLoadReadsTheDocumentedScale() {
        var device = SimulatedGripFit(options: SimulatorOptions())
        device.load = .constant(kilograms: 10)
        _ = device.connected(at: .zero)
        let lines = device.advance(to: MonotonicInstant(nanoseconds: 4_000_000_000), deliver: true)
        let raws = lines.compactMap { $0.hasPrefix("R:") ? Double($0.dropFirst(2)) : nil }
        #expect(raws.count == 40)
        let mean = raws.reduce(0, +) / Double(raws.count)
        let expected = Double(SimulatorScale.baseline + 10 * SimulatorScale.countsPerKilogram)
        #expect(abs(mean - expected) < 4 * SimulatorScale.noiseCounts / Double(raws.count).squareRoot())
    }
}
