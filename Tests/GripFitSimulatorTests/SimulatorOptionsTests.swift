import Testing

@testable import GripFitSimulator

/// The simulator's options as a user who gives none gets them.
struct SimulatorOptionsTests {
    @Test func theOptionDefaultsToRealTime() {
        #expect(SimulatorOptions().speed == 1)
    }
}
