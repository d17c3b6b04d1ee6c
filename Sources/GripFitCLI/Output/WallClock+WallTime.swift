import GripFitCore
import GripFitLive

/// Sessions are filed at whole milliseconds since the epoch, rounded down.
extension WallClock: WallTime {
    func epochMilliseconds(at instant: MonotonicInstant) -> Int64 {
        milliseconds(at: instant)
    }
}
