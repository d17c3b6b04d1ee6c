import GripFitCore
import GripFitLinux
import GripFitOutput

/// Runs a session for a command and turns a failure to get going (no port, no permission, busy)
/// into a ``CLIFailure`` instead of waiting forever.
struct SessionRunner {
    let connection: Connection
    let driver: LinkDriver
    /// The connection's clock (compressed on a sped-up simulator), and wall times read through it.
    let clock: MonotonicClock
    let wallClock: WallClock

    /// Whether a bridge firmware older than ``BridgeFirmwareGate/required`` ends the session (exit
    /// 69) and an older than recommended one is said on stderr; `check` judges it as a case instead.
    var gatesBridgeFirmware = true

    /// The pipe whose signals end a run given no other: nil for the process's, installed as the run
    /// starts; a ``SignalRelay``'s for a command run on a thread of a test, stopped by the test (issue 32).
    var signals: SignalPipe?

    init(connection: Connection, timings: LinkTimings = LinkTimings()) {
        self.connection = connection
        clock = connection.clock
        wallClock = WallClock(monotonic: connection.clock)
        driver = connection.makeDriver(timings: timings)
    }

    /// Runs until `seconds` of the host's time pass (`--duration`, whatever the simulator's speed),
    /// a signal, or `handler` returns false. A port that cannot be
    /// opened at the start fails at once; once it has been open, the session rides out losses.
    /// A busy port fails until the link first comes up: a network server accepts the connection
    /// and only then says another client has the port; so does a server that says it cannot open
    /// its dongle (retrying would only repeat that for the whole scan window).
    /// `signals` is the process's signal pipe unless the session runs beside others (a relay).
    func run(
        seconds: Double?,
        signals: SignalPipe? = nil,
        handler: @escaping (LinkReport, MonotonicInstant) -> Bool
    ) throws -> LinkDriver.StopReason {
        let signals = try signals ?? self.signals ?? SignalPipe()
        var everOpened = false
        var everConnected = false
        var startFailure: CLIFailure?
        var judgedBridge = !gatesBridgeFirmware
        let deadline = seconds.map { clock.now() + Duration(seconds: $0 * clock.speed) }
        let reason = try driver.run(until: deadline, signals: signals) { report, now in
            if case .state(let state) = report {
                switch state {
                case .error(let kind)
                where (!everOpened && [.dongleMissing, .permissionDenied, .portBusy].contains(kind))
                    || (!everConnected && (kind == .portBusy || driver.lastPortError?.isServerDeviceFailure == true)):
                    startFailure = CLIFailure(kind, portError: driver.lastPortError)
                    return false
                case .error where everOpened && connection.source.isRemote:
                    // udev says when a USB dongle goes; for a network port, say it here, once per gap.
                    if let error = driver.lastPortError { StandardOutput.error("gripfit-serial: \(error)") }
                case .connected:
                    everOpened = true
                    everConnected = true
                case .scanning, .connecting:
                    everOpened = true
                default:
                    break
                }
            }
            if case .message(.bridge(.hello(let version))) = report, !judgedBridge {
                judgedBridge = true
                if let refusal = bridgeGate(version) {
                    startFailure = refusal
                    return false
                }
            }
            return handler(report, now)
        }
        if let simulatorFailure = connection.simulator?.backgroundFailure { throw CLIFailure(simulatorFailure) }
        if let startFailure { throw startFailure }
        return reason
    }

    /// The bridge's first `B:BRIDGE,<version>`: too old a bridge is refused with the command that
    /// updates it; one older than recommended gets one line on stderr and the session goes on.
    private func bridgeGate(_ version: String) -> CLIFailure? {
        let escaped = UntrustedText.escaped(version)
        guard let advice = BridgeFirmwareGate.advice(for: version, escaped: escaped, port: connection.path) else { return nil }
        switch BridgeFirmwareGate.verdict(for: version) {
        case .updateRequired:
            return CLIFailure(
                "Not started: on \(connection.path), \(advice) (docs/bridge-update.md).",
                status: .unavailable
            )
        case .updateRecommended:
            StandardOutput.error("gripfit-serial: on \(connection.path), \(advice)")
            return nil
        case .current, .unrecognised:
            return nil
        }
    }

    /// A run that reached its `--duration` with the sensor still reporting S:NOT_READY (no reading
    /// or S:READY since) fails with 74, as `tare` does: a CI smoke test must tell a dead sensor from
    /// a good one by the exit code alone.
    func failIfSensorNotReady(after reason: LinkDriver.StopReason) throws(CLIFailure) {
        if reason == .deadline, driver.machine.state == .error(.sensorNotReady) { throw CLIFailure(.sensorNotReady, portError: nil) }
    }
}
