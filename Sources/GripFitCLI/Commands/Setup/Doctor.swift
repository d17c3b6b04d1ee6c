import ArgumentParser
import GripFitLinux

/// `gripfit-serial doctor`: why the dongle does not work, one line per check, each with its fix.
struct Doctor: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check everything between this user and a streaming GripFit.",
        discussion: """
            One line per check, pass or fail, each failure with its fix: libudev, the udev rules, a \
            bridge present, permission to open it, ModemManager, another process holding the port, \
            the bridge's answer to BRIDGE:INFO, and a GripFit connected. A check that an earlier failure leaves \
            unchecked is marked as not checked (a dash). Exits 0 only when no check fails, 1 otherwise.

            Examples:
              gripfit-serial doctor
              gripfit-serial doctor --port F1E2D3
            """
    )

    @Option(
        help: ArgumentHelp(
            "The dongle to check: a path, a by-id path or a USB serial number (or a unique prefix).",
            valueName: "port"
        ),
        completion: PortCompletion.kind
    )
    var port: String?

    @Option(
        parsing: .unconditional,
        help: "Seconds to wait for the bridge's answer and a connected GripFit.",
        transform: SecondsOption.parser("--timeout", minimum: 0, inclusive: false)
    )
    var timeout: Double = 4

    init() {}

    func validate() throws {
        if let port, PortSource.isRemote(port) {
            throw ValidationError(
                "doctor checks a dongle plugged into this machine. Run it on the exporter host, or check the network "
                    + "port from here with `gripfit-serial check --port \(port) --only handshake`."
            )
        }
    }

    func run() throws {
        Diagnostics.bootstrap(level: .warning)
        try run(to: StandardStreams())
    }

    /// The checks' lines written to `sink`: tests check a testbed's dongle in-process (issue 32).
    func run(to sink: some CommandOutput) throws {
        var checkup = Checkup(portArgument: port)
        checkup.probe = BridgeProbe(timeout: Duration(seconds: timeout))
        // Lines are ready for the terminal: the checks and the errors they quote escape device text.
        let passed = checkup.run { sink.line($0.description) }
        if !passed { throw CLIFailure("some checks failed; see the ✘ lines above.", status: .failure) }
    }
}
