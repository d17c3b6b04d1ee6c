/// Exponential retry delays: 1, 2, 4 … capped (spec §2.2: up to 30 s).
public struct Backoff: Equatable, Sendable {
    public let initial: Duration
    public let maximum: Duration
    public private(set) var attempt = 0

    public init(initial: Duration = .seconds(1), maximum: Duration = .seconds(30)) {
        self.initial = initial
        self.maximum = maximum
    }

    /// The delay before the next try; each call doubles the following one.
    public mutating func next() -> Duration {
        let shift = min(attempt, 20)
        attempt += 1
        let delay = initial * (1 << shift)
        return min(delay, maximum)
    }

    public mutating func reset() {
        attempt = 0
    }
}
