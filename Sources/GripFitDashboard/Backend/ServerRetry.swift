import GripFitCore

/// When a long-running dashboard tries its history server again after finding it away: 1 s after,
/// then 2, 4, 8 and every 15 s while it stays away, one try at a time, and from 1 s again once it
/// answered. Capped at 15 s, not the serial link's 30 s: a try costs one connection attempt, and a
/// server back after a restart should serve the page again within seconds. Pure: the times are given.
struct ServerRetry: Sendable {
    enum Phase: Equatable, Sendable {
        /// The server answers (or there is none).
        case online
        /// Away; the next try at this time.
        case waiting(until: MonotonicInstant)
        /// A try is under way.
        case trying
    }

    static let firstDelay: Duration = .seconds(1)
    static let longestDelay: Duration = .seconds(15)

    private var backoff = Backoff(initial: firstDelay, maximum: longestDelay)
    private(set) var phase = Phase.online

    /// The server was found away at `now`; when the next try is due (nil while one is under way).
    mutating func away(at now: MonotonicInstant) -> MonotonicInstant? {
        switch phase {
        case .online:
            let due = now + backoff.next()
            phase = .waiting(until: due)
            return due
        case .waiting(let due):
            return due
        case .trying:
            return nil
        }
    }

    /// Starts the try when it is due at `now`: true when the caller must make it (and report it
    /// with ``failed(at:)`` or ``answered()``).
    mutating func start(at now: MonotonicInstant) -> Bool {
        guard case .waiting(let due) = phase, due <= now else { return false }
        phase = .trying
        return true
    }

    /// The try ended at `now` without reaching the server: the next one after a longer wait.
    mutating func failed(at now: MonotonicInstant) {
        phase = .waiting(until: now + backoff.next())
    }

    /// The server answered: no more tries until it is found away again, then from the first delay.
    mutating func answered() {
        backoff.reset()
        phase = .online
    }
}
