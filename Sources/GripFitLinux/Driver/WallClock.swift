import Glibc
import GripFitCore

/// Maps monotonic instants to wall-clock time, anchored once, so output timestamps stay ordered
/// even if the system clock is stepped during a run: the ``WallTime`` the Linux edge hands to the
/// recordings and streams, beside ``MonotonicClock``. On a sped-up simulator's clock (`--speed`)
/// the dates stay the host's: a recording is dated when it happened.
public struct WallClock: WallTime {
    private let anchorEpochNanoseconds: Int64
    private let anchor: MonotonicInstant
    /// How many times faster than the host's time `monotonic` runs.
    private let speed: Double

    /// Anchored now: CLOCK_REALTIME read once, just after `monotonic`.
    public init(monotonic: MonotonicClock = MonotonicClock()) {
        let instant = monotonic.now()
        var spec = timespec()
        // CLOCK_REALTIME cannot fail with a valid pointer.
        _ = clock_gettime(CLOCK_REALTIME, &spec)
        self.init(epochNanoseconds: Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec), at: instant, speed: monotonic.speed)
    }

    /// Anchored where a test says: `epochNanoseconds` since 1970 at `instant`, of a clock `speed` times the host's.
    public init(epochNanoseconds: Int64, at instant: MonotonicInstant, speed: Double = 1) {
        anchorEpochNanoseconds = epochNanoseconds
        anchor = instant
        self.speed = speed
    }

    /// Milliseconds since 1970 at `instant`, as sessions are filed: rounded down (before 1970 too),
    /// so a time never reads as later than it was. Nanoseconds saturate at 1677 and 2262, well
    /// inside what ``RFC3339`` writes, so a wild instant cannot trap.
    public func epochMilliseconds(at instant: MonotonicInstant) -> Int64 {
        let elapsed = (instant - anchor).nanoseconds
        let scaled = Double(elapsed) / speed
        let host = speed == 1 ? elapsed : abs(scaled) < 9.2e18 ? Int64(scaled) : (scaled < 0 ? .min : .max)
        let (sum, overflow) = anchorEpochNanoseconds.addingReportingOverflow(host)
        let nanoseconds = overflow ? (instant < anchor ? Int64.min : .max) : sum
        let (quotient, remainder) = nanoseconds.quotientAndRemainder(dividingBy: 1_000_000)
        return remainder < 0 ? quotient - 1 : quotient
    }
}
