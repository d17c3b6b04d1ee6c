import GripFitCore
import Prometheus

/// The session's figures for Prometheus, one consumer of the session like the recording and the
/// live view: readings, bad lines, data lost, link drops and reconnects by reason, ping round trips,
/// the versions and whether USB and BLE are up, written into the registry it is given (the dashboard
/// serves it at `/metrics`, `check` writes it to a file, `monitor` serves it headless). No globals:
/// two sessions in one process keep two registries. Clock-free: the driver hands it each report's
/// instant; its only deadline is its own next ping.
public final class MetricsConsumer: LinkConsumer {
    /// The round trips a healthy link shows (a few ms over USB, tens over BLE) up to the session's
    /// command timeout, where a ping counts as failed instead.
    public static let roundTripBuckets: [Duration] = [5, 10, 20, 35, 50, 75, 100, 150, 250, 500, 1000, 2000].map { .milliseconds($0) }

    /// The dashboard's and `monitor`'s pings: often enough for a p99 over a day, rare enough to cost the stream nothing.
    public static let pingInterval: Duration = .seconds(15)

    private let registry: PrometheusCollectorRegistry
    private let toolVersion: String
    /// How often to ping while the link is up; nil: never (`check` pings itself, and a PONG does
    /// not say which PING it answers, so a second pinger would spoil its pairing).
    private let pingInterval: Duration?

    private let readings: Counter
    private let dataLost: Counter
    private let pingFailures: Counter
    private let roundTrips: DurationHistogram
    private let usbUp: Gauge
    private let bleUp: Gauge
    private var info: Gauge?
    private var versions: (bridge: String?, firmware: String?)?

    private var state = LinkState.disconnected
    /// What was seen just before the link went down (a BLE disconnect, a stale link), to name the drop.
    private var cause: String?
    /// Why the link last went down, until it is up again: the reconnect's reason.
    private var dropReason: String?
    /// When this consumer's own PING went out, until the session reports it finished.
    private var pingSentAt: MonotonicInstant?
    public private(set) var nextDeadline: MonotonicInstant?

    /// Registers the metrics in `registry` at once, so a scrape before the first report shows zeros, not gaps.
    public init(registry: PrometheusCollectorRegistry, toolVersion: String, pingInterval: Duration?, start: MonotonicInstant) {
        self.registry = registry
        self.toolVersion = toolVersion
        self.pingInterval = pingInterval
        readings = registry.makeCounter(descriptor: Self.name("readings", "total", "Readings (R: lines) received."))
        dataLost = registry.makeCounter(
            descriptor: Self.name("data_lost", "total", "B:ERROR,DATA_LOST events: the bridge dropped device bytes, a gap in the readings.")
        )
        pingFailures = registry.makeCounter(
            descriptor: Self.name("ping_failures", "total", "Pings that got no PONG (timed out or the link went down).")
        )
        roundTrips = registry.makeDurationHistogram(
            descriptor: Self.name("ping_round_trip", "seconds", "PING to PONG round trips, from the command's submit to its reply."),
            buckets: Self.roundTripBuckets
        )
        usbUp = registry.makeGauge(descriptor: Self.name("usb_link_up", "", "1 while the serial port (USB) is open."))
        bleUp = registry.makeGauge(descriptor: Self.name("ble_link_up", "", "1 while the GripFit is connected and streaming."))
        nextDeadline = pingInterval.map { start + $0 }
        updateInfo(LinkFacts())
    }

    static let malformedHelp = "Lines that could not be read (malformed, unknown, too long, not UTF-8), by reason."
    static let dropsHelp = "The streaming link went down, by reason."
    static let reconnectsHelp = "The streaming link came back after a drop, by the drop's reason."
    static let infoHelp = "Always 1: the bridge and GripFit firmware versions and this tool's, as labels (empty: not known yet)."

    private static func name(_ metric: String, _ unit: String, _ help: String) -> MetricNameDescriptor {
        MetricNameDescriptor(namespace: "gripfit", metricName: metric, unitName: unit, helpText: help)
    }

    public func handle(_ report: LinkReport, at now: MonotonicInstant, link: LinkFacts, into actions: inout [ConsumerAction]) {
        usbUp.set(to: link.portOpen ? 1 : 0)
        updateInfo(link)
        switch report {
        case .message(.reading):
            readings.increment()
        case .message(.bridge(.disconnected(_, let reason))):
            cause = Self.disconnectReason(reason)
        case .warning(let warning):
            switch warning.reason {
            case .dataLost: dataLost.increment()
            case .staleLink: cause = warning.reason.name
            default:
                if warning.isBadLine {
                    let descriptor = Self.name("malformed_lines", "total", Self.malformedHelp)
                    registry.makeCounter(descriptor: descriptor, labels: [("reason", warning.reason.name)]).increment()
                }
            }
        case .state(let next):
            changed(to: next, link: link)
        case .commandFinished(.device(.ping), let outcome):
            guard let sentAt = pingSentAt else { break }
            pingSentAt = nil
            switch outcome {
            case .succeeded: roundTrips.record(now - sentAt)
            case .failed: pingFailures.increment()
            }
        case .message, .commandFinished:
            break
        }
    }

    public func tick(at now: MonotonicInstant, link: LinkFacts, into actions: inout [ConsumerAction]) {
        guard let interval = pingInterval, let due = nextDeadline, now >= due else { return }
        nextDeadline = now + interval
        // One at a time, and only over a link that is up: a PING queued behind a reconnect would time the reconnect.
        guard state == .connected, pingSentAt == nil else { return }
        pingSentAt = now
        actions.append(.submit(.device(.ping)))
    }

    private func changed(to next: LinkState, link: LinkFacts) {
        defer { state = next }
        let wasUp = state == .connected
        bleUp.set(to: next == .connected ? 1 : 0)
        if wasUp, next != .connected {
            let reason: String
            if let cause {
                reason = cause
            } else if case .error(let kind) = next {
                reason = kind.rawValue
            } else {
                reason = link.portOpen ? "other" : "port-closed"
            }
            registry.makeCounter(descriptor: Self.name("link_drops", "total", Self.dropsHelp), labels: [("reason", reason)]).increment()
            dropReason = reason
            cause = nil
        } else if !wasUp, next == .connected {
            if let reason = dropReason {
                registry.makeCounter(descriptor: Self.name("reconnects", "total", Self.reconnectsHelp), labels: [("reason", reason)])
                    .increment()
            }
            dropReason = nil
            cause = nil
        }
    }

    /// `B:DISCONNECTED`'s reason as a label: the HCI code or the bridge's word, from a small set
    /// (a label per distinct value is a time series each, so an odd value is `ble-other`).
    static func disconnectReason(_ reason: String) -> String {
        switch reason {
        case "TIMEOUT": return "ble-timeout"
        case "HOST": return "ble-host"
        default: return DisconnectReason.name(reason) == nil ? "ble-other" : "ble-" + reason.lowercased()
        }
    }

    /// One `gripfit_build_info` series at a time: a new version replaces the old series rather than
    /// leaving it at 1 beside the new one.
    private func updateInfo(_ link: LinkFacts) {
        if let versions, versions.bridge == link.bridgeVersion, versions.firmware == link.firmware { return }
        versions = (link.bridgeVersion, link.firmware)
        let gauge = registry.makeGauge(
            descriptor: Self.name("build", "info", Self.infoHelp),
            labels: [("bridge", link.bridgeVersion ?? ""), ("firmware", link.firmware ?? ""), ("tool", toolVersion)]
        )
        gauge.set(to: 1)
        // The new series first: a scrape in between sees both rather than none.
        if let info { registry.unregisterGauge(info) }
        info = gauge
    }
}
