import GripFitCore
import Testing

@testable import GripFitSimulator

/// `--speed`'s clock: the simulator's deadlines, in its own compressed time, become poll()
/// timeouts on the host's clock that are `speed` times shorter, and never early.
struct SimulatedClockTests {
    let now = MonotonicInstant(nanoseconds: 5_000_000_000)

    @Test func aDeadlineComesSpeedTimesSooner() {
        #expect(SimulatedClock(speed: 10).pollTimeout(until: now + .seconds(1), from: now) == 100)
        #expect(SimulatedClock(speed: 1).pollTimeout(until: now + .milliseconds(100), from: now) == 100)
        #expect(SimulatedClock(speed: 0.5).pollTimeout(until: now + .milliseconds(100), from: now) == 200)
    }

    @Test func theTimeoutIsRoundedUpNeverEarlyAndNeverNegative() {
        #expect(SimulatedClock(speed: 3).pollTimeout(until: now + .milliseconds(100), from: now) == 34)
        #expect(SimulatedClock(speed: 10).pollTimeout(until: MonotonicInstant(nanoseconds: 4_995_000_000), from: now) == 0, "already due")
        #expect(SimulatedClock(speed: 10).pollTimeout(until: nil, from: now) == -1, "no deadline: wait for input")
    }

    @Test func theOptionDefaultsToRealTime() {
        #expect(SimulatorOptions().speed == 1)
    }
}
