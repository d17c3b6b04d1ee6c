import GripFitCore
import Testing

@testable import GripFitSimulator

/// `--person`: someone who squeezes on each cue to a scripted peak, holds, fades and lets go.
struct SimulatedPersonTests {
    @Test func squeezesOnlyAfterTheCueToTheScriptedPeak() {
        var person = SimulatedPerson(peaks: [.right: [30, 32], .left: [25]])
        person.reaction = 0.5
        person.rise = 0.5
        person.hold = 1
        person.fade = 10
        person.release = 50
        #expect(person.kilograms(atSecond: 3) == 0, "no cue yet")
        person.cue(.right, slot: 2, atSecond: 10)
        #expect(person.kilograms(atSecond: 10.4) == 0, "still reacting")
        #expect(abs(person.kilograms(atSecond: 10.75) - 16) < 1e-9, "half way up")
        #expect(abs(person.kilograms(atSecond: 11) - 32) < 1e-9, "the peak")
        #expect(abs(person.kilograms(atSecond: 11.5) - 32 * 0.95) < 1e-9, "10 % of the peak per second")
        #expect(abs(person.kilograms(atSecond: 12.1) - (32 * 0.9 - 5)) < 1e-9, "letting go at 50 kg/s")
        #expect(person.kilograms(atSecond: 13) == 0)
        // A script shorter than the trials repeats its last peak; a hand without one does not squeeze.
        #expect(person.peak(.left, slot: 3) == 25)
        person.peaks[.left] = nil
        person.cue(.left, slot: 1, atSecond: 20)
        #expect(person.kilograms(atSecond: 21) == 0)
    }

    @Test func theSimulatedGripFitReadsThePersonsForce() {
        var options = SimulatorOptions()
        options.person = SimulatedPerson(peaks: [.left: [20]])
        var h = BridgeHarness { $0 = options }
        let before = LoadScheduleTests.kilograms(h.connected() + h.advance(.seconds(1)))
        #expect(!before.isEmpty && before.allSatisfy { abs($0) < 0.05 }, "\(before)")
        h.bridge.device.cue(.left, slot: 1, at: h.now)
        let after = LoadScheduleTests.kilograms(h.advance(.milliseconds(1500)))
        #expect(after.contains { abs($0 - 20) < 0.05 }, "\(after)")
    }
}
