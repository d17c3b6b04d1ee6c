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
    /// How long a command may wait for its reply; `CMD:TARE` and `CMD:INFO` get ``slowReply``.
    public var reply: Duration = .seconds(1)
    public var slowReply: Duration = .seconds(2)

    public init() {}

    /// How long a command may wait for its reply before it is sent once more.
    public func replyTimeout(for command: Command) -> Duration {
        switch command {
        case .device(.tare), .device(.info): slowReply
        case .device, .bridge: reply
        }
    }

    /// These timings for a session whose clock runs `speed` times faster than the host's (a
    /// simulator's `--speed`): every timeout `speed` times longer in that clock, so it stays as
    /// long in the host's seconds and a busy host is not taken for a silent device.
    public func stretched(by speed: Double) -> LinkTimings {
        var stretched = self
        for path in [\LinkTimings.scanTimeout, \.connectTimeout, \.staleAfter, \.pongTimeout, \.handshakeTimeout, \.reply, \.slowReply] {
            stretched[keyPath: path] = self[keyPath: path] * speed
        }
        stretched.reconnect = Backoff(initial: reconnect.initial * speed, maximum: reconnect.maximum * speed)
        return stretched
    }
}
