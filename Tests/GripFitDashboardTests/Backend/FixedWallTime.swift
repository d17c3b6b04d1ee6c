import GripFitCore
import GripFitLive

/// A wall clock that starts at a fixed epoch millisecond at the monotonic zero.
struct FixedWallTime: WallTime {
    var epochAtZero: Int64 = 1_795_000_000_000

    func epochMilliseconds(at instant: MonotonicInstant) -> Int64 {
        epochAtZero + instant.nanoseconds / 1_000_000
    }
}
