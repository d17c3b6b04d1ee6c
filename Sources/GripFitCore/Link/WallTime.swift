/// Milliseconds since the epoch at a monotonic instant: the one wall-clock fact a recording files,
/// injected so a test fixes it.
public protocol WallTime: Sendable {
    func epochMilliseconds(at instant: MonotonicInstant) -> Int64
}
