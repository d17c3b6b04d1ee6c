import GripFitCore
import GripFitLinux
import Testing

/// `--speed`'s clock: deadlines in the compressed time the simulator and its session share become
/// poll() timeouts on the host's clock that are `speed` times shorter, and never early.
struct MonotonicClockTests {
    let now = MonotonicInstant(nanoseconds: 5_000_000_000)

    @Test func aDeadlineComesSpeedTimesSooner() {
        #expect(MonotonicClock(speed: 10).pollTimeout(until: now + .seconds(1), from: now) == 100)
        #expect(MonotonicClock(speed: 1).pollTimeout(until: now + .milliseconds(100), from: now) == 100)
        #expect(MonotonicClock(speed: 0.5).pollTimeout(until: now + .milliseconds(100), from: now) == 200)
    }

    @Test func theTimeoutIsRoundedUpNeverEarlyAndNeverNegative() {
        #expect(MonotonicClock(speed: 3).pollTimeout(until: now + .milliseconds(100), from: now) == 34)
        #expect(MonotonicClock(speed: 10).pollTimeout(until: MonotonicInstant(nanoseconds: 4_995_000_000), from: now) == 0, "already due")
        #expect(MonotonicClock(speed: 10).pollTimeout(until: nil, from: now) == -1, "no deadline: wait for input")
    }

    @Test func aFarDeadlineAtASlowSpeedWaitsAsLongAsPollCanNeverTraps() {
        let far = MonotonicInstant(nanoseconds: .max)
        #expect(MonotonicClock(speed: 0.1).pollTimeout(until: far, from: now) == .max)
        #expect(MonotonicClock(speed: 1).pollTimeout(until: far, from: now) == .max)
    }
}
