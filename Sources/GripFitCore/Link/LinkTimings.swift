/// The session's timeouts (spec §2.2, §4.2, §4.3), in one place so tests and `check` can read them.
public struct LinkTimings: Equatable, Sendable {
    public var scanTimeout: Duration = .seconds(10)
    public var connectTimeout: Duration = .seconds(5)
    /// No reading for this long while connected → PING.
    public var staleAfter: Duration = .seconds(2)
    /// No PONG this long after the stale PING → the link is stale.
    public var pongTimeout: Duration = .seconds(1)
    /// No `D:` this long after connecting → ask with `CMD:INFO`.
    public var handshakeTimeout: Duration = .seconds(2)
    /// Reopen delays after the port fails, and after a stale link on a plain relay.
    public var reconnect = Backoff()
    /// Whether a `CMD:PING` unanswered within its reply timeout is sent once more. `check` turns it
    /// off to time each PING: the device answers every PING, so a late PONG could not be told from
    /// the repeat's.
    public var repeatsUnansweredPing = true

    public init() {}

    /// How long a command may wait for its reply before it is sent once more.
    public func replyTimeout(for command: Command) -> Duration {
        switch command {
        case .device(.tare), .device(.info): .seconds(2)
        case .device: .seconds(1)
        case .bridge: .seconds(1)
        }
    }
}
