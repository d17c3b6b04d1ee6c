import ArgumentParser
import GripFitCore
import GripFitDashboard
import GripFitLinux
import GripFitLive
import GripFitOutput
import GripFitStore
import Synchronization

/// `gripfit-serial monitor`: live readings and everything else the dongle says.
struct Monitor: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show live readings from the GripFit.",
        discussion: """
            Runs until --duration passes or Ctrl-C. If the dongle is unplugged or the link drops, \
            the session reconnects by itself and the output marks the gap with a state event. When \
            --duration ends with the sensor reporting S:NOT_READY (no reading since), the exit code is 74.

            On a terminal, a live view cut to the window's width and redrawn when it changes: the \
            force first (kg, or --unit, when the device is calibrated), the session peak, the \
            elapsed time, the link state and a sparkline of the last 10 s (its scale reaches below \
            zero when a force does, as after a tare under load); events and notices print above it. \
            Keys: t tares (on a loaded handle, over 1 kg, or 20,000 counts above the lowest reading \
            when uncalibrated, it is refused with the load and "let go first"; t again within 3 s \
            tares anyway, for an empty handle that reads loaded), p resets the peak, q quits; the \
            terminal is restored however it ends. TERM=dumb or a pipe gets plain lines. --duration \
            is wall time from the start, connecting included.

            Several dongles (--port more than once, or --all-bridges) are followed at once: each \
            JSONL event carries a "port" field, each text line starts with [port].

            --metrics-listen serves the session's metrics at /metrics for Prometheus, on a \
            headless rig (docs/metrics.md); any address but loopback needs --metrics-token.

            With --format jsonl --commands -, a program drives the session: commands in as JSON lines \
            on stdin ({"id": 7, "command": "tare"}; ping, rate with "ms", info, pin, mark with a \
            "label"), each answered by a "reply" event with its id among the readings; end of input \
            ends the session (exit 0) once the commands sent are answered (docs/command-channel.md).

            Examples:
              gripfit-serial monitor --simulate
              gripfit-serial monitor --format jsonl --duration 60 > grip.jsonl
              gripfit-serial monitor --port /dev/ttyACM0 --format csv
              gripfit-serial monitor --port /dev/ttyACM0 --unit kg
              gripfit-serial monitor --port tcp://exporter.lab:4001 --format jsonl
              gripfit-serial monitor --port /dev/ttyACM0 --port /dev/ttyACM1 --format jsonl
              gripfit-serial monitor --format jsonl --metrics-listen 127.0.0.1:9464
              gripfit-serial monitor --simulate --format jsonl --commands -
            """
    )

    @OptionGroup var connection: ConnectionOptions

    @Flag(help: "Follow every GripFit bridge plugged in (with any --port given).")
    var allBridges = false

    @Option(
        parsing: .unconditional,
        help: "Stop after this many seconds of wall time, counted from the start (connecting included).",
        transform: SecondsOption.parser("--duration", minimum: 0, inclusive: false)
    )
    var duration: Double?

    @Option(
        help: """
            text (a live view on a terminal: keys t tare (refused on a loaded handle unless pressed again within 3 s), p \
            reset peak, q quit; plain lines otherwise or with TERM=dumb), jsonl (one JSON object per event) or csv (time,raw).
            """
    )
    var format: LiveStream.Format = .text

    @Option(
        name: .customLong("commands"),
        help: ArgumentHelp(
            "Read commands as JSON lines from stdin (-) and answer each in the stream; needs --format jsonl.",
            valueName: "-"
        )
    )
    var commandInput: String?

    @OptionGroup var unitOption: UnitOption
    var unit: ForceUnit? { unitOption.unit }

    @Option(
        name: .customLong("metrics-listen"),
        help: ArgumentHelp("Serve the session's metrics for Prometheus at http://ADDR:PORT/metrics.", valueName: "addr:port")
    )
    var metricsListen: String?

    @Option(
        name: .customLong("metrics-token"),
        help: ArgumentHelp("Require this token on /metrics (Prometheus: authorization credentials).", valueName: "token")
    )
    var metricsToken: String?

    init() {}

    func validate() throws {
        if let commandInput {
            if commandInput != "-" { throw ValidationError("--commands reads stdin only: give --commands -.") }
            if format != .jsonl { throw ValidationError("--commands answers in JSON lines: add --format jsonl.") }
            if connection.ports.count > 1 || allBridges {
                throw ValidationError("--commands drives one dongle: give --port once, without --all-bridges.")
            }
        }
        if connection.ports.count > 1 || allBridges {
            if format == .csv { throw ValidationError("CSV has no port column; with several dongles use --format jsonl.") }
            if unit != nil { throw ValidationError("--unit applies to one dongle at a time; give --port once.") }
            if connection.simulate { throw ValidationError("Use either --all-bridges or --simulate, not both.") }
            if metricsListen != nil { throw ValidationError("--metrics-listen serves one dongle's metrics; give --port once.") }
        }
        try validateMetrics()
    }

    /// As the dashboard's --listen and --token: anything but loopback needs a token.
    private func validateMetrics() throws {
        if let metricsToken {
            guard metricsListen != nil else { throw ValidationError("--metrics-token needs --metrics-listen ADDR:PORT.") }
            guard metricsToken.count >= 16, metricsToken.unicodeScalars.allSatisfy(Dashboard.isTokenScalar) else {
                throw ValidationError("--metrics-token needs at least 16 characters, each one of A-Z a-z 0-9 - _ . ~.")
            }
        }
        guard let metricsListen else { return }
        guard let address = ListenAddress(metricsListen) else {
            throw ValidationError("--metrics-listen takes ADDR:PORT, such as 127.0.0.1:9464 or 0.0.0.0:9464.")
        }
        if !address.isLoopback, metricsToken == nil {
            throw ValidationError(
                "--metrics-listen \(metricsListen) lets other machines connect, so it needs --metrics-token SECRET "
                    + "(Prometheus sends it with `authorization: {credentials: SECRET}`)."
            )
        }
    }

    /// The metrics server, started before the session so a busy port fails at once; nil without --metrics-listen.
    private func startMetrics(_ runner: SessionRunner, notice: (String) -> Void) throws -> MetricsEndpoint? {
        guard let metricsListen else { return nil }
        guard let address = ListenAddress(metricsListen) else {
            throw CLIFailure("--metrics-listen \(metricsListen) is not ADDR:PORT.", status: .usage)
        }
        return try MetricsEndpoint(listen: address, token: metricsToken, start: runner.clock.now(), notice: notice)
    }

    func run() throws {
        try run(terminal: StandardOutput.isCapableTerminal, write: { StandardOutput.write($0) }, notice: { StandardOutput.error($0) })
    }

    /// The command with its streams given: the binary's stdout and stderr, or a test's capture with
    /// no terminal, which runs one dongle's stream in-process on a simulator of its own, with the
    /// calibrations of `station` (issue 32).
    func run(
        station: Station = Station(),
        terminal: Bool,
        write: @escaping ([UInt8]) -> Bool,
        notice: @escaping (String) -> Void
    ) throws {
        let connections = try connection.connectAll(allBridges: allBridges, pins: station.pins)
        if connections.count > 1 {
            try monitorSeveral(connections)
            return
        }
        // Read once: an option's getter is generic, a metadata lookup on every reading otherwise.
        let format = format
        let unit = unit
        let runner = SessionRunner(connection: connections[0])
        let metrics = try startMetrics(runner, notice: notice)
        defer { metrics?.stop() }
        if format == .text, terminal {
            try runLive(runner, calibrations: station.calibrations, metrics: metrics)
            return
        }
        let output = BatchedOutput(writingTo: write)
        let stream = LiveStream(format: format, unit: unit, output: output, wallTime: runner.wallClock, notice: notice)
        if let header = stream.header, !write(Array((header + "\n").utf8)) { return }
        // With --unit, readings stay raw until the GripFit's identity picks the calibration; without, no lookup at all.
        let consumer: any LinkConsumer<LinkReport> =
            if unit == nil {
                stream
            } else {
                CalibratedSession(
                    stage: CalibrationLookup.stage(for: runner.connection, calibrations: station.calibrations),
                    consumers: [stream.calibrated]
                )
            }
        runner.driver.consumers = [consumer] + (metrics.map { [$0.consumer] } ?? [])
        // After the stream, so a command's reply follows the reading or status that ended it.
        let channel = commandInput == nil ? nil : CommandChannelSession(runner: runner, output: output)
        if let channel { runner.driver.consumers.append(channel.channel) }
        let reason = try runner.run(seconds: duration) { _, _ in true }
        channel?.finish()
        try runner.failIfSensorNotReady(after: reason)
    }

    /// The live view (``LiveMonitor``): force first (in kg, or --unit, when the device is
    /// calibrated), redrawn to the window's width; events above it; keys t (tare), p (reset peak), q (quit).
    private func runLive(_ runner: SessionRunner, calibrations: CalibrationBook, metrics: MetricsEndpoint?) throws {
        let view = try LiveViewSession(runner: runner, unit: unit ?? .kilograms)
        let stage = CalibrationLookup.stage(for: runner.connection, calibrations: calibrations)
        runner.driver.consumers = [CalibratedSession(stage: stage, consumers: [view.monitor])] + (metrics.map { [$0.consumer] } ?? [])
        let reason = try view.run { try runner.run(seconds: duration) { _, _ in true } }
        try runner.failIfSensorNotReady(after: reason)
    }

    /// Several dongles, each on its own thread (see ``SessionFleet``) with a ``LiveStream`` tagged
    /// with its port, their wake-ups' lines interleaved on stdout. A dongle that cannot be opened
    /// ends its own session only; the command then exits with that failure's status once the others are done.
    private func monitorSeveral(_ connections: [Connection]) throws {
        final class Sessions: @unchecked Sendable {
            let runners: [SessionRunner]
            var failures: [CLIFailure?]
            /// Held for each batch written: a pipe splits a write over 4 KiB, so two dongles'
            /// batches written at once could mix inside a line.
            let standardOutput = Mutex(())

            init(_ connections: [Connection]) {
                runners = connections.map { SessionRunner(connection: $0) }
                failures = Array(repeating: nil, count: connections.count)
            }
        }
        let sessions = Sessions(connections)
        let format = format
        let duration = duration
        let interrupted = try SessionFleet.run(count: connections.count) { index, signals in
            let runner = sessions.runners[index]
            let port = runner.connection.path
            let output = BatchedOutput { bytes in sessions.standardOutput.withLock { _ in StandardOutput.write(bytes) } }
            runner.driver.consumers = [LiveStream(format: format, port: port, output: output, wallTime: runner.wallClock)]
            do {
                try runner.failIfSensorNotReady(after: try runner.run(seconds: duration, signals: signals) { _, _ in true })
            } catch {
                sessions.failures[index] = CLIFailure(error) ?? CLIFailure("\(UntrustedText.escaped(port)): \(error)", status: .software)
            }
        }
        if interrupted { return }
        let failures = sessions.failures.compactMap { $0 }
        for failure in failures.dropLast() { StandardOutput.error("gripfit-serial: \(failure.message)") }
        if let last = failures.last { throw last }
    }
}
