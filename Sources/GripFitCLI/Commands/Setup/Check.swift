import ArgumentParser
import Foundation
import GripFitConformance
import GripFitCore
import GripFitLinux
import GripFitMetrics
import GripFitOutput
import GripFitRecords
import GripFitStore
import Prometheus

/// `gripfit-serial check`: the hardware-in-the-loop conformance suite, with JUnit and JSON reports.
struct Check: ParsableCommand {
    /// One line a case, name and summary, for the help.
    private static let caseList = ConformanceCase.allCases.map {
        "  \($0.rawValue.padding(toLength: 13, withPad: " ", startingAt: 0)) \($0.summary)"
    }.joined(separator: "\n")

    static let configuration = CommandConfiguration(
        abstract: "Check that the GripFit honours its protocol spec; JUnit XML for CI.",
        discussion: """
            Runs named cases over one session, in this order:
            \(caseList)

            Keep the GripFit unloaded during the run (tare expects readings near 0). A \
            default run takes about 15 s; --duration scales the sampling windows. Prints \
            one line per case as it finishes and a summary (--quiet: the summary only); \
            --junit and --json-file write reports, to two different files; --metrics-file the \
            run's metrics for node-exporter's textfile collector (docs/metrics.md). Exit 0 when every \
            case passes, 1 when any fails, 64 for bad options, 69/74/75/77 when the check \
            could not run (see gripfit-serial --help).

            The cases, the reports and CI set-ups: docs/ci.md. CI can tighten or loosen the \
            limits: --max-jitter-p99, --max-dropped, --max-ping-p99, --tare-band, \
            --max-tare-spread, --reconnect-within, --rate-tolerance; and require versions: \
            --expect-firmware and --expect-bridge fail handshake on any other.

            Several dongles (--port more than once, or --all-bridges) are checked at the \
            same time: one JUnit testsuite per dongle, named by its USB serial number or \
            network address (a pty by its GripFit's BLE address; --simulate: simulated), \
            and exit 1 if any of them fails or cannot be checked.

            Examples:
              gripfit-serial check --port /dev/ttyACM0 --junit gripfit-junit.xml
              gripfit-serial check --port rfc2217://rack1:4002 --junit junit.xml
              gripfit-serial check --all-bridges --quiet --junit gripfit-junit.xml
              gripfit-serial check --expect-firmware 1.4.2 --max-ping-p99 200
              gripfit-serial check --simulate --bug wrong-rate
              gripfit-serial check --simulate --only ping tare --duration 2
            """
    )

    @OptionGroup var connection: ConnectionOptions

    @Flag(help: "Check every GripFit bridge plugged in, at the same time (with any --port given).")
    var allBridges = false

    @Flag(help: "Print only the summary, not a line per case.")
    var quiet = false

    @Option(help: ArgumentHelp("Write a JUnit XML report here.", valueName: "file"), completion: .file())
    var junit: String?

    @Option(name: .customLong("json-file"), help: ArgumentHelp("Write a JSON report here.", valueName: "file"), completion: .file())
    var jsonFile: String?

    @Option(
        name: .customLong("metrics-file"),
        help: ArgumentHelp("Write the run's metrics here, for node-exporter's textfile collector (a .prom file).", valueName: "file"),
        completion: .file()
    )
    var metricsFile: String?

    /// The spelling before `--json` became a flag everywhere else (`history --json`): still read, with a note.
    @Option(name: .customLong("json"), help: .hidden, completion: .file())
    var oldJSONFile: String?

    /// Where the JSON report goes, by either spelling.
    var json: String? { jsonFile ?? oldJSONFile }

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Seconds of readings for default-rate (0.5 to 600); the other windows scale with it.", valueName: "seconds"),
        transform: SecondsOption.parser("--duration", minimum: 0.5, maximum: 600)
    )
    var duration: Double = 5

    @Option(parsing: .upToNextOption, help: ArgumentHelp("Run only these cases.", valueName: "name"))
    var only: [ConformanceCase] = []

    @Option(parsing: .upToNextOption, help: ArgumentHelp("Leave these cases out.", valueName: "name"))
    var skip: [ConformanceCase] = []

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("How far a mean reading interval may be from the asked one.", valueName: "percent")
    )
    var rateTolerance: Double = 10

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("The jitter p99 of the default rate's readings default-rate allows, 1 to 10000 ms.", valueName: "ms"),
        transform: LimitOption.parser("--max-jitter-p99", unit: "milliseconds", range: 1...10_000)
    )
    var maxJitterP99 = 60

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "The share of readings default-rate may estimate missing, 0 to 100 % (from arrival times, which a busy host blurs).",
            valueName: "percent"
        ),
        transform: LimitOption.parser("--max-dropped", unit: "percent", range: 0...100)
    )
    var maxDropped = 2

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "The PONG latency p99 ping allows, 1 to 10000 ms (a PING waits 1 s; a host too busy to read sees more).",
            valueName: "ms"
        ),
        transform: LimitOption.parser("--max-ping-p99", unit: "milliseconds", range: 1...10_000)
    )
    var maxPingP99 = 500

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("How far from 0 the median after tare may be, in raw counts.", valueName: "counts"),
        transform: LimitOption.parser("--tare-band", unit: "raw counts", range: 0...8_388_607)
    )
    var tareBand = 2000

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("The most the readings after tare may spread, in raw counts (default: not judged).", valueName: "counts"),
        transform: LimitOption.parser("--max-tare-spread", unit: "raw counts", range: 0...16_777_215)
    )
    var maxTareSpread: Int?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Seconds reconnect allows for link, D: and readings to return (1 to 60).", valueName: "seconds"),
        transform: SecondsOption.parser("--reconnect-within", minimum: 1, maximum: 60)
    )
    var reconnectWithin: Double = 8

    @Option(help: ArgumentHelp("Fail handshake unless the GripFit reports this firmware.", valueName: "version"))
    var expectFirmware: String?

    @Option(help: ArgumentHelp("Fail handshake unless the bridge reports this version.", valueName: "version"))
    var expectBridge: String?

    init() {}

    func validate() throws {
        if !(rateTolerance > 0 && rateTolerance < 100) { throw ValidationError("--rate-tolerance must be a percentage between 0 and 100.") }
        for (name, version) in [("--expect-firmware", expectFirmware), ("--expect-bridge", expectBridge)] {
            if let version, version.isEmpty || !version.allSatisfy({ $0.isASCII && !$0.isWhitespace && $0 != "," }) {
                throw ValidationError("\(name) takes a version as the device sends it, such as 1.4.2 (no spaces or commas).")
            }
        }
        if jsonFile != nil, oldJSONFile != nil {
            throw ValidationError("--json FILE is the old spelling of --json-file FILE: give one of them.")
        }
        if let junit, let json, Self.sameFile(junit, json) {
            throw ValidationError(
                "--junit and --json-file both name \(UntrustedText.escaped(junit)): one report would overwrite the other. Give them "
                    + "different files."
            )
        }
        if cases.isEmpty { throw ValidationError("--only and --skip leave no case to run.") }
        if let metricsFile, [junit, json].compactMap({ $0 }).contains(where: { Self.sameFile($0, metricsFile) }) {
            throw ValidationError("--metrics-file names the same file as another report: give it a file of its own, such as gripfit.prom.")
        }

        if allBridges, connection.simulate { throw ValidationError("Use either --all-bridges or --simulate, not both.") }
    }

    var cases: [ConformanceCase] {
        let chosen = only.isEmpty ? ConformanceCase.allCases : only
        return chosen.filter { !skip.contains($0) }
    }

    var settings: ConformanceSettings {
        var settings = ConformanceSettings()
        settings.samplingWindow = Duration(seconds: duration)
        settings.rateTolerance = rateTolerance / 100
        settings.maximumPingP99 = .milliseconds(maxPingP99)
        settings.maximumJitterP99 = .milliseconds(maxJitterP99)
        settings.maximumDropFraction = Double(maxDropped) / 100
        settings.tareTolerance = tareBand
        settings.maximumTareSpread = maxTareSpread
        settings.reconnectBound = Duration(seconds: reconnectWithin)
        settings.expectedFirmware = expectFirmware
        settings.expectedBridge = expectBridge
        return settings
    }

    /// Whether two report paths name one file: the same path once `.`, `..` and symbolic links
    /// are resolved (neither file need exist yet).
    static func sameFile(_ first: String, _ second: String) -> Bool {
        func resolved(_ path: String) -> String {
            URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
        }
        return resolved(first) == resolved(second)
    }

    func run() throws {
        try run(to: StandardStreams())
    }

    /// The whole command, one dongle's check writing to `output`: tests run a check in-process on a
    /// simulator of their own and read what it said (issue 32); the binary gives its stdout and stderr.
    func run(to output: any CommandOutput) throws {
        if oldJSONFile != nil {
            output.error("gripfit-serial: note: `check --json FILE` is now `check --json-file FILE`; the old spelling still works.")
        }
        // A report that cannot be written fails the job now, not after the whole run.
        for path in [junit, json, metricsFile].compactMap({ $0 }) { try PrivateFiles.checkWritable(path) }
        let connections = try connection.connectAll(allBridges: allBridges, pins: Station().pins)
        if metricsFile != nil, connections.count > 1 {
            throw CLIFailure(
                "--metrics-file takes one dongle's run, and \(connections.count) were found: check each with its own --port and file.",
                status: .usage
            )
        }
        if connections.count == 1 {
            try checkOne(connections[0], to: output)
        } else {
            try checkSeveral(connections)
        }
    }

    private func checkOne(_ connection: Connection, to output: any CommandOutput) throws {
        let registry = metricsFile.map { _ in PrometheusCollectorRegistry() }
        let report = try CheckRunner.run(cases, settings: settings, connection: connection, metrics: registry) { result in
            if !quiet { output.write(TerminalReporter.caseLines(result, device: nil)) }
        }
        output.write(TerminalReporter.summary(report))
        if let metricsFile, let registry {
            CheckFigures.record(report.results, duration: report.duration, finishedAt: Double(Timestamp.now()) / 1000, into: registry)
            // No health data in it (counts, verdicts, versions), and node-exporter runs as its own user: 0644.
            try PrivateFiles.write(registry.emitToBuffer(), to: metricsFile, mode: 0o644)
        }
        if let junit { try PrivateFiles.write(Array(JUnitReporter.render(report).utf8), to: junit) }
        if let json { try PrivateFiles.write(Array(JSONReporter.render(report).utf8), to: json) }
        if report.failed > 0 {
            let names = report.results.filter(\.verdict.isFailure).map(\.kind.rawValue).joined(separator: ", ")
            throw CLIFailure("\(report.failed) of \(Plural.count(report.results.count, "case")) failed: \(names).", status: .failure)
        }
    }

    /// On the process's streams: the dongles' sessions run on threads of their own, each writing
    /// its cases as they finish.
    private func checkSeveral(_ connections: [Connection]) throws {
        let startedAt = Timestamp.rfc3339(milliseconds: Timestamp.now())
        let clock = MonotonicClock()
        let start = clock.now()
        let quiet = quiet
        let outcomes: [CheckOutcome]
        do {
            outcomes = try CheckFleet.run(cases, settings: settings, connections: connections) { device, result in
                if !quiet { StandardOutput.write(TerminalReporter.caseLines(result, device: device)) }
            }
        } catch is CheckFleet.Interrupted {
            throw CLIFailure("Interrupted: the check did not finish, no report was written.", status: .temporaryFailure)
        }
        let duration = clock.now() - start
        StandardOutput.write(TerminalReporter.summary(outcomes))
        if let junit { try PrivateFiles.write(Array(JUnitReporter.render(outcomes, duration: duration).utf8), to: junit) }
        if let json {
            try PrivateFiles.write(Array(JSONReporter.render(outcomes, startedAt: startedAt, duration: duration).utf8), to: json)
        }
        let unchecked = outcomes.compactMap { outcome -> CLIFailure? in
            if case .failure(let failure) = outcome.result { return failure }
            return nil
        }
        if unchecked.count == outcomes.count, let first = unchecked.first {
            throw CLIFailure("No dongle could be checked. \(first.message)", status: first.status)
        }
        let failed = outcomes.filter(\.isFailure)
        if !failed.isEmpty {
            let names = failed.map { UntrustedText.escaped($0.device) }.joined(separator: ", ")
            throw CLIFailure("\(failed.count) of \(Plural.count(outcomes.count, "dongle")) failed: \(names).", status: .failure)
        }
    }
}
