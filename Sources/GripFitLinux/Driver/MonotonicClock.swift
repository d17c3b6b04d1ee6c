import Glibc
import GripFitCore

/// CLOCK_MONOTONIC as a ``MonotonicInstant``: the one clock the Linux edge hands to the core.
/// A simulator run `speed` times faster (`--speed`) and the session talking to it share one
/// compressed time, so a protocol's rests and the simulated person's squeezes come sooner alike.
public struct MonotonicClock: Sendable {
    /// How many times faster than CLOCK_MONOTONIC this clock runs from the instant it was made; 1
    /// for every real port.
    public let speed: Double
    private let origin: MonotonicInstant

    public init(speed: Double = 1) {
        self.speed = speed
        origin = Self.system()
    }

    public func now() -> MonotonicInstant {
        let real = Self.system()
        guard speed != 1 else { return real }
        let elapsed = Double(real.nanoseconds - origin.nanoseconds) * speed
        return MonotonicInstant(nanoseconds: origin.nanoseconds + Int64(elapsed))
    }

    /// poll()'s timeout until `due`, from `now` (both this clock's): rounded up to a whole
    /// millisecond of the host's time, so the wake-up is never early; -1 (no timeout) without one.
    public func pollTimeout(until due: MonotonicInstant?, from now: MonotonicInstant) -> Int32 {
        guard let due else { return -1 }
        let remaining = max(0, (due - now).nanoseconds)
        let scaled = (Double(remaining) / speed).rounded(.up)
        // A far deadline at a speed below 1 can pass Int64: it is "no sooner than ever" then.
        let real = speed == 1 ? remaining : scaled < 9.2e18 ? Int64(scaled) : .max
        return Int32(clamping: real / 1_000_000 + (real % 1_000_000 == 0 ? 0 : 1))
    }

    private static func system() -> MonotonicInstant {
        var spec = timespec()
        // CLOCK_MONOTONIC cannot fail with a valid pointer.
        _ = clock_gettime(CLOCK_MONOTONIC, &spec)
        return MonotonicInstant(nanoseconds: Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec))
    }
}
