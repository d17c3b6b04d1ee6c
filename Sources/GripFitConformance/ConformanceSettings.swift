/// The verdict rules and sampling windows of `check`, in one place, so a report can say what it
/// judged against and tests can tighten or loosen them.
public struct ConformanceSettings: Equatable, Sendable {
    /// The `default-rate` window; `--duration` sets it and every other window scales with it.
    public var samplingWindow: Duration = ConformanceSettings.defaultSamplingWindow
    /// How far a mean interval may be from the asked one, as a fraction.
    public var rateTolerance = 0.10
    /// Jitter p99 bound at the default rate. BLE delivers notifications in connection events
    /// (7.5–50 ms apart), so a few tens of milliseconds are normal.
    public var maximumJitterP99: Duration = .milliseconds(60)
    /// The share of readings the device may skip at the default rate.
    public var maximumDropFraction = 0.02
    /// Spec §1.5: `D:` is sent on connect; the host asks with CMD:INFO after 2 s.
    public var handshakeBound: Duration = .seconds(2)
    public var maximumPingP99: Duration = .milliseconds(500)
    /// How long a PING waits for its PONG before it counts as unanswered: the session's reply
    /// timeout (spec §4.3), so a PONG after it is late, never an answer to the next PING.
    public var pingTimeout: Duration = .seconds(1)
    /// How far the median of the readings after a tare may be from 0, in raw counts.
    public var tareTolerance = 2_000
    /// The most the readings after a tare may spread (largest less smallest), in raw counts; nil:
    /// reported, not judged (a bench's noise varies with the load cell).
    public var maximumTareSpread: Int?
    /// The firmware version `handshake` requires (`D:GRIPFIT,<ver>`); nil: any.
    public var expectedFirmware: String?
    /// The bridge version `handshake` requires (`B:BRIDGE,<ver>`); nil: any, or none (a plain relay).
    public var expectedBridge: String?
    /// The bridge's first reconnect backoff (1 s) plus the connection timeout (5 s) plus the handshake (2 s).
    public var reconnectBound: Duration = .seconds(8)
    /// How long any one command may wait, the link's absence included.
    public var commandBound: Duration = .seconds(10)
    /// Time for the stream to settle after a rate change or a tare before measuring.
    public var settle: Duration = .milliseconds(300)
    /// The rates `set-rate` confirms, and those it also measures.
    public var confirmedRates = [50, 20, 1000]
    public var measuredRates: Set<Int> = [50, 20]
    /// The rate restored after `set-rate`: the spec's default (§1.5).
    public var defaultRate = 100

    public static let defaultSamplingWindow: Duration = .seconds(5)

    public init() {}

    /// `--duration` relative to the default window.
    public var scale: Double {
        Double(samplingWindow.nanoseconds) / Double(Self.defaultSamplingWindow.nanoseconds)
    }

    /// The measuring window at `milliseconds` per reading: 40 % of the sampling window, and never
    /// fewer than 10 intervals.
    public func rateWindow(milliseconds: Int) -> Duration {
        max(samplingWindow * 0.4, .milliseconds(milliseconds * 10))
    }

    /// How long to collect readings after a tare: 20 % of the sampling window, at least 5 readings.
    public var tareWindow: Duration {
        max(samplingWindow * 0.2, .milliseconds(defaultRate * 5))
    }

    public var pingCount: Int {
        max(3, Int((10 * scale).rounded()))
    }
}
