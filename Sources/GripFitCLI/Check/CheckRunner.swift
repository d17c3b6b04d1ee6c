import Foundation
import GripFitConformance
import GripFitCore
import GripFitLinux
import GripFitLive
import GripFitMetrics
import GripFitOutput
import GripFitRecords
import GripFitSimulator
import Prometheus

/// Runs a ``ConformanceRun`` over one session (as a ``ConformanceConsumer``) and turns its
/// outcome into a ``CheckReport`` or a ``CLIFailure``.
enum CheckRunner {
    /// `onCase` is called as each case finishes, on the thread running the session. With `metrics`,
    /// the session's figures (``MetricsConsumer``, which pings nothing here) go into it as the run goes.
    static func run(
        _ cases: [ConformanceCase],
        settings: ConformanceSettings,
        connection: Connection,
        signals: SignalPipe? = nil,
        metrics: PrometheusCollectorRegistry? = nil,
        onCase: @escaping (CaseResult) -> Void
    ) throws -> CheckReport {
        // A device under test on a CI bench is unloaded; so is the simulated one, for `tare`.
        connection.simulator?.setLoad(.constant(kilograms: 0))
        var timings = LinkTimings()
        // Each PING is timed on its own: a repeat's PONG would pass for a late one's (see PingProbe).
        timings.repeatsUnansweredPing = false
        var runner = SessionRunner(connection: connection, timings: timings)
        // check reports the bridge's firmware against the gate (its report and JUnit property), never refuses.
        runner.gatesBridgeFirmware = false
        let driver = runner.driver
        let startedAt = Timestamp.rfc3339(milliseconds: Timestamp.now())
        let start = runner.clock.now()
        let check = ConformanceConsumer(ConformanceRun(cases: cases, settings: settings), start: start, onCase: onCase)
        driver.consumers = [check]
        if let metrics {
            driver.consumers.append(MetricsConsumer(registry: metrics, toolVersion: BuildInfo.version, pingInterval: nil, start: start))
        }
        defer { driver.consumers = [] }
        let reason = try runner.run(seconds: nil, signals: signals) { _, _ in true }
        let run = check.run
        if case .signal(let number) = reason {
            throw CLIFailure.interrupted(by: number, "the check did not finish, no report was written.")
        }
        if run.linkNeverCameUp {
            if let kind = run.observations.lastError { throw CLIFailure(kind, portError: driver.lastPortError) }
            throw CLIFailure(
                "No GripFit connected within \(Int(ConformanceRun.linkBound.milliseconds / 1000)) s, so nothing was checked. Is "
                    + "it switched on and in range?",
                status: .unavailable
            )
        }
        let address = driver.machine.deviceAddress.map { "\($0)" }
        return CheckReport(
            results: run.results,
            device: device(of: connection, address: address),
            deviceAddress: address,
            firmware: run.observations.firmware,
            bridgeVersion: run.observations.bridgeVersion,
            port: connection.path,
            simulated: connection.simulator != nil,
            startedAt: startedAt,
            duration: runner.clock.now() - start,
            settings: settings
        )
    }

    /// What names a device in reports (``PortSource/deviceName(address:)``); before the run
    /// (`address` nil) the path stands in for a local port without a serial number. Raw, as the
    /// device or udev gave it: each reporter escapes it once, for its own format.
    static func device(of connection: Connection, address: String? = nil) -> String {
        connection.source.deviceName(address: address)
    }
}
