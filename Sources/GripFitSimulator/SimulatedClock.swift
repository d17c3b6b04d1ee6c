import GripFitCore
import GripFitLinux

/// The simulator's clock: CLOCK_MONOTONIC, run `speed` times faster from the instant it was made
/// (`--speed`), so readings, squeezes, rests, the bridge's delays and a load schedule all come
/// `speed` times sooner and a test that waits for squeezes waits less. At speed 1 it is the host's
/// clock itself.
struct SimulatedClock {
    let speed: Double
    private let clock = MonotonicClock()
    private let origin: MonotonicInstant

    init(speed: Double) {
        self.speed = speed
        origin = clock.now()
    }

    /// The simulated now.
    func now() -> MonotonicInstant {
        let real = clock.now()
        guard speed != 1 else { return real }
        let elapsed = Double(real.nanoseconds - origin.nanoseconds) * speed
        return MonotonicInstant(nanoseconds: origin.nanoseconds + Int64(elapsed))
    }

    /// poll()'s timeout until the simulated instant `due`, from the simulated `now`: rounded up to
    /// a whole millisecond, so the wake-up is never early; -1 (no timeout) without one.
    func pollTimeout(until due: MonotonicInstant?, from now: MonotonicInstant) -> Int32 {
        guard let due else { return -1 }
        let real = Double(max(0, (due - now).nanoseconds)) / speed
        return Int32(clamping: (Int64(real.rounded(.up)) + 999_999) / 1_000_000)
    }
}
