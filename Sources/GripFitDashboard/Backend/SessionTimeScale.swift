import GripFitCore

/// The time the dashboard's session runs on: the host's, or with `dashboard --simulate --speed N`
/// the simulator's, N times faster from `origin`. The simulated GripFit and its scripted person
/// (`--person`) live on the simulator's clock, so a guided run's rests, its attempts' time limits
/// and the times of the recorded readings must too, or a sped-up person would squeeze into a rest
/// the host is still waiting out. Only the session's instants are scaled: the calendar times the
/// page and the history show stay the host's (``ScaledWallTime``).
public struct SessionTimeScale: Sendable, Equatable {
    public let speed: Double
    public let origin: MonotonicInstant

    /// The host's own time.
    public static let real = SessionTimeScale(speed: 1, origin: .zero)

    public init(speed: Double, origin: MonotonicInstant) {
        self.speed = speed
        self.origin = origin
    }

    /// The session's instant at the host's `instant`.
    public func session(_ instant: MonotonicInstant) -> MonotonicInstant {
        guard speed != 1 else { return instant }
        let elapsed = Double(instant.nanoseconds - origin.nanoseconds) * speed
        return MonotonicInstant(nanoseconds: origin.nanoseconds + Int64(elapsed.rounded()))
    }

    /// The host's instant at the session's `instant`: when the driver must wake for a session deadline.
    public func host(_ instant: MonotonicInstant) -> MonotonicInstant {
        guard speed != 1 else { return instant }
        let elapsed = Double(instant.nanoseconds - origin.nanoseconds) / speed
        return MonotonicInstant(nanoseconds: origin.nanoseconds + Int64(elapsed.rounded(.up)))
    }
}

/// A wall clock read at the session's instants: the host's calendar time at the matching host
/// instant, so a sped-up session's recordings are dated when they happened.
struct ScaledWallTime: WallTime {
    let base: any WallTime
    let scale: SessionTimeScale

    func epochMilliseconds(at instant: MonotonicInstant) -> Int64 {
        base.epochMilliseconds(at: scale.host(instant))
    }
}
