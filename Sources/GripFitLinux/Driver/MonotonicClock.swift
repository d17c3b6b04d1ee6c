import Glibc
import GripFitCore

/// CLOCK_MONOTONIC as a ``MonotonicInstant``: the one clock the Linux edge hands to the core.
public struct MonotonicClock: Sendable {
    public init() {}

    public func now() -> MonotonicInstant {
        var spec = timespec()
        // CLOCK_MONOTONIC cannot fail with a valid pointer.
        _ = clock_gettime(CLOCK_MONOTONIC, &spec)
        return MonotonicInstant(nanoseconds: Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec))
    }
}
