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

            HTTPS: --tls self-signed makes a certificate on first use (kept beside the config and \
            reused) and prints its SHA-256 fingerprint to compare with the browser's; --tls-cert and \
            --tls-key serve your own. Plain HTTP on the port is then refused.

            Examples:
              gripfit-serial dashboard --simulate
              gripfit-serial dashboard --port /dev/ttyACM0 --unit lb
              gripfit-serial dashboard --listen 0.0.0.0:8642 --generate-token
              gripfit-serial dashboard --generate-token --tls self-signed
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

    @Option(help: ArgumentHelp("Serve HTTPS with a certificate made on first use and kept.", valueName: "self-signed"))
    var tls: String?

    @Option(
        help: ArgumentHelp("Serve HTTPS with this certificate (PEM; intermediates after it).", valueName: "file"),
        completion: .file()
    )
    var tlsCert: String?

    @Option(help: ArgumentHelp("The private key of --tls-cert (PEM, no passphrase).", valueName: "file"), completion: .file())
    var tlsKey: String?

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
        if let tls, tls != "self-signed" {
            throw ValidationError("--tls takes self-signed; for your own certificate use --tls-cert FILE --tls-key FILE.")
        }
        if tls != nil, tlsCert != nil || tlsKey != nil {
            throw ValidationError("Use either --tls self-signed or --tls-cert FILE --tls-key FILE, not both.")
        }
        if (tlsCert == nil) != (tlsKey == nil) {
            throw ValidationError("--tls-cert and --tls-key go together: give the certificate and its private key.")
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
        let (certificate, opened, tokens, named) = try checked(station: station)
        let runner = SessionRunner(connection: try connection.connect(pins: station.pins))
        guard let inbox = runner.driver.inbox else {
            throw CLIFailure("Cannot create the eventfd that carries commands from the page to the dongle.", status: .ioError)
        }
        let publisher = EventPublisher()
        let dongleKey = runner.connection.dongleKey
        let clock = runner.clock
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
            stage: CalibrationLookup.stage(for: runner.connection, calibrations: station.calibrations, followsChanges: true),
            // On the simulator its person (--person) hears each cue; the runner's clock is the simulator's (--speed).
            cue: { [dongle = runner.connection.simulator] hand, slot in dongle?.cue(hand, slot: slot) }
        )
        let registry = PrometheusCollectorRegistry()
        let metrics = MetricsConsumer(
            registry: registry,
            toolVersion: BuildInfo.version,
            pingInterval: MetricsConsumer.pingInterval,
            start: clock.now()
        )
        var access = AccessPolicy(token: token, loopbackOnly: address.isLoopback, audit: audit, tokens: tokens)
        access.secure = certificate != nil
        let router = DashboardServer.buildRouter(
            live: LiveRoutes(session: session, publisher: publisher),
            history: HistoryRoutes(history: history),
            metrics: MetricsRoutes(registry: registry),
            access: access
        )
        let server = ServerTask()
        let logger = Diagnostics.logger(label: "gripfit.dashboard")
        let application = DashboardServer.application(
            router: router,
            listen: address,
            tls: certificate?.identity,
            logger: logger,
            onRunning: server.running
        )
        let port = try server.run(application, listen: address, logger: logger)
        defer {
            publisher.finish()
            server.stop()
        }
        StandardOutput.line("gripfit-serial dashboard: open \(Self.url(address, port: port, token: token, secure: certificate != nil))")
        if generateToken { StandardOutput.line("The token is shown only here; anyone with this URL can use the dashboard.") }
        if named, token == nil {
            StandardOutput.line("Log in once with a named token: add ?token= and yours to the URL (`dashboard token list` names them).")
        }
        if let certificate {
            if let made = certificate.made { StandardOutput.line(made) }
            StandardOutput.line("Certificate SHA-256 fingerprint: \(certificate.identity.fingerprint)")
            StandardOutput.line("Compare it with the fingerprint the browser shows for the certificate before you trust it.")
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

    /// What is checked before the session starts, like the port, so a wrong one fails at once: the
    /// certificate, the history, the subject and the named tokens (whether there are any). Tests run
    /// it in-process (issue 32).
    func checked(
        station: Station
    ) throws -> (certificate: (identity: TLSIdentity, made: String?)?, opened: OpenedHistory, tokens: TokenStore, named: Bool) {
        let certificate = try tlsIdentity(configDirectory: station.paths.configDirectory)
        let location = try station.location(historyOption)
        // Checked by OpenedHistory at the first open, and again each time a try finds the server.
        let opened = OpenedHistory(open: { try station.open(location) }, warn: StandardOutput.error)
        // A subject that is not in the history is said at once, before the port is opened.
        if let subject { _ = try opened.get().subject(code: subject) }
        let tokens = DashboardToken.store(station)
        do {
            return (certificate, opened, tokens, try !tokens.entries().isEmpty)
        } catch {
            throw CLIFailure("\(error)", status: .dataError)
        }
    }

    /// The certificate of `--tls-cert`/`--tls-key`, or the self-signed one in `configDirectory/tls` (made
    /// if missing, with what to say about it), or nil for plain HTTP.
    func tlsIdentity(configDirectory: String) throws(CLIFailure) -> (identity: TLSIdentity, made: String?)? {
        do {
            if let tlsCert, let tlsKey { return (try TLSIdentity.load(certificatePath: tlsCert, keyPath: tlsKey), nil) }
            guard tls != nil else { return nil }
            let directory = configDirectory + "/tls"
            let names = HostNames.current()
            let (identity, made) = try SelfSignedCertificate.loadOrMake(in: directory, names: names)
            guard made else { return (identity, nil) }
            let said = (names.dnsNames + names.addresses).joined(separator: ", ")
            return (
                identity,
                "Made a self-signed certificate for \(said), valid \(SelfSignedCertificate.validityDays) days: "
                    + "\(directory)/\(SelfSignedCertificate.certificateFile) (its key beside it, 0600); later starts reuse it."
            )
        } catch {
            let status: ExitStatus =
                switch error.kind {
                case .unreadable: .noInput
                case .invalid: .dataError
                case .cannotCreate: .cannotCreate
                }
            throw CLIFailure(error.message, status: status)
        }
    }

    static func isTokenScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "A"..."Z", "a"..."z", "0"..."9", "-", "_", ".", "~": true
        default: false
        }
    }

    /// The URL to open; a wildcard address is shown as this machine's name.
    static func url(_ address: ListenAddress, port: Int, token: String?, secure: Bool = false) -> String {
        var host = address
        host.port = port
        if address.host == "0.0.0.0" || address.host == "::" {
            var name = [CChar](repeating: 0, count: 256)
            if gethostname(&name, name.count - 1) == 0 {
                host.host = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
        }
        return (secure ? "https://" : "http://") + "\(host)/" + (token.map { "?token=\($0)" } ?? "")
    }
}
