import ArgumentParser
import Glibc
import GripFitClinical
import GripFitCore
import GripFitDashboard
import GripFitLinux
import GripFitLive
import GripFitMetrics
import GripFitRecords
import GripFitStore
import Prometheus

/// `gripfit-serial dashboard`: the live session, recording and history in a browser.
struct Dashboard: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve a live dashboard (force, peak, chart, tare, recording, history) to a browser.",
        discussion: """
            The live session, recording, the standard protocol and the history in a browser (see \
            docs/dashboard.md). Prints the URL to open and runs until Ctrl-C or SIGTERM; a \
            recording still running then \
            is saved. The session is the same as `monitor` and `record` use, so readings, reconnects \
            and saved sessions behave the same. /metrics serves the session's figures to Prometheus \
            (docs/metrics.md).

            By default only this machine can connect (127.0.0.1). Any other --listen address needs \
            a token: --generate-token prints one once, in the URL to open; --token uses yours. Either \
            is an admin's. Named tokens with a role (viewer, clinician, admin) are made with \
            `dashboard token add`; once there is one, every request needs a token.

            Examples:
              gripfit-serial dashboard --simulate
              gripfit-serial dashboard --port /dev/ttyACM0 --unit lb
              gripfit-serial dashboard --listen 0.0.0.0:8642 --generate-token
              gripfit-serial dashboard --subject P017
              gripfit-serial dashboard token add reception --role viewer
            """,
        subcommands: [DashboardToken.self]
    )

    @OptionGroup var connection: ConnectionOptions

    @Option(help: ArgumentHelp("Address and port to serve on (port 0 picks a free one).", valueName: "addr:port"))
    var listen: String = ListenAddress.loopback.description

    @Option(help: "Require this token on every request (at least 16 of A-Z a-z 0-9 - _ . ~).")
    var token: String?

    @Flag(help: "Require a random token, printed once in the URL to open.")
    var generateToken = false

    @Option(help: ArgumentHelp("Pick this subject on the page (a code from `subject list`).", valueName: "code"))
    var subject: String?

    @OptionGroup var unitOption: UnitOption
    var unit: ForceUnit { unitOption.resolved }

    init() {}

    func validate() throws {
        if let subject {
            do {
                try Subject.check(code: subject)
            } catch {
                throw ValidationError("--subject: \(error.description).")
            }
        }
        guard let address = ListenAddress(listen) else {
            throw ValidationError("--listen takes ADDR:PORT, such as 127.0.0.1:8642, 0.0.0.0:8642 or [::1]:8642.")
        }
        if let token {
            if generateToken { throw ValidationError("Use either --token or --generate-token, not both.") }
            guard token.count >= 16, token.unicodeScalars.allSatisfy(Self.isTokenScalar) else {
                throw ValidationError("--token needs at least 16 characters, each one of A-Z a-z 0-9 - _ . ~.")
            }
        } else if !address.isLoopback, !generateToken, (try? DashboardToken.store(Station()).entries().isEmpty) != false {
            throw ValidationError(
                "--listen \(listen) lets other machines connect, so it needs a token: add --generate-token "
                    + "(printed once, in the URL to open) or --token SECRET, or add named tokens with "
                    + "`gripfit-serial dashboard token add NAME --role ROLE`."
            )
        }
    }

    @OptionGroup var historyOption: HistoryOption

    func run() throws {
        guard let address = ListenAddress(listen) else { throw CLIFailure("--listen \(listen) is not ADDR:PORT.", status: .usage) }
        let token = generateToken ? AccessPolicy.generateToken() : self.token
        let station = Station()
        let location = try station.location(historyOption)
        // Checked by OpenedHistory at the first open, and again each time a try finds the server.
        let opened = OpenedHistory(open: { try station.open(location) }, warn: StandardOutput.error)
        // A subject that is not in the history is said at once, before the port is opened.
        if let subject { _ = try opened.get().subject(code: subject) }
        let runner = SessionRunner(connection: try connection.connect(pins: station.pins))
        guard let inbox = runner.driver.inbox else {
            throw CLIFailure("Cannot create the eventfd that carries commands from the page to the dongle.", status: .ioError)
        }
        let publisher = EventPublisher()
        let dongleKey = runner.connection.dongleKey
        let clock = runner.clock
        let tokens = DashboardToken.store(station)
        let named: Bool
        do {
            named = try !tokens.entries().isEmpty
        } catch {
            throw CLIFailure("\(error)", status: .dataError)
        }
        let audit = station.dashboardAudit(opened, token: token, named: named)
        let history = HistoryQueries(
            opened: opened,
            calibrations: station.calibrations,
            historyPath: station.paths.databasePath,
            station: station.name,
            unit: unit,
            selectedSubject: subject,
            today: HistoryQueries.today(wallTime: runner.wallClock, now: { clock.now() }),
            lastResort: StandardOutput.error,
            audit: audit
        )
        let session = DashboardSession(
            post: { inbox.post($0) },
            publisher: publisher,
            unit: unit,
            wallTime: runner.wallClock,
            now: { clock.now() },
            history: history,
            pinned: runner.connection.pin,
            rememberPin: { try station.pins.set($0?.description, for: dongleKey) },
            warn: StandardOutput.error,
            stage: CalibrationLookup.stage(for: runner.connection, calibrations: station.calibrations, followsChanges: true)
        )
        let registry = PrometheusCollectorRegistry()
        let metrics = MetricsConsumer(
            registry: registry,
            toolVersion: BuildInfo.version,
            pingInterval: MetricsConsumer.pingInterval,
            start: clock.now()
        )
        let router = DashboardServer.buildRouter(
            live: LiveRoutes(session: session, publisher: publisher),
            history: HistoryRoutes(history: history),
            metrics: MetricsRoutes(registry: registry),
            access: AccessPolicy(token: token, loopbackOnly: address.isLoopback, audit: audit, tokens: tokens)
        )
        let server = ServerTask()
        let logger = Diagnostics.logger(label: "gripfit.dashboard")
        let application = DashboardServer.application(router: router, listen: address, logger: logger, onRunning: server.running)
        let port = try server.run(application, listen: address, logger: logger)
        defer {
            publisher.finish()
            server.stop()
        }
        StandardOutput.line("gripfit-serial dashboard: open \(Self.url(address, port: port, token: token))")
        if generateToken { StandardOutput.line("The token is shown only here; anyone with this URL can use the dashboard.") }
        if named, token == nil {
            StandardOutput.line("Log in once with a named token: add ?token= and yours to the URL (`dashboard token list` names them).")
        }
        // The guided protocol's deadlines (rest countdown, time limit) and the streams' keep-alive
        // come even when readings stop: the session's own deadline wakes the driver.
        runner.driver.consumers = [session, metrics]
        _ = try runner.run(seconds: nil) { _, _ in true }
        if let stopped = session.stopProtocol() {
            StandardOutput.error("gripfit-serial: protocol stopped; finished trials are saved.")
            for line in ProtocolReport.lines(stopped.summary, display: stopped.display, width: WindowResize.columns()) {
                StandardOutput.line(line)
            }
        }
        let saved: StoredSession?
        do {
            saved = try session.saveRecording()
        } catch {
            throw CLIFailure("The recording running at the stop could not be saved: \(error.message)", status: .cannotCreate)
        }
        if let saved {
            let display = ForceDisplay(calibration: saved.calibration, unit: unit)
            StandardOutput.line("saved " + SessionText.oneLine(saved, id: saved.id, display: display) + " (recording when stopped)")
        }
    }

    static func isTokenScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "A"..."Z", "a"..."z", "0"..."9", "-", "_", ".", "~": true
        default: false
        }
    }

    /// The URL to open; a wildcard address is shown as this machine's name.
    static func url(_ address: ListenAddress, port: Int, token: String?) -> String {
        var host = address
        host.port = port
        if address.host == "0.0.0.0" || address.host == "::" {
            var name = [CChar](repeating: 0, count: 256)
            if gethostname(&name, name.count - 1) == 0 {
                host.host = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
        }
        return "http://\(host)/" + (token.map { "?token=\($0)" } ?? "")
    }
}
