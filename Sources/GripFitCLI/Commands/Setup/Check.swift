import ArgumentParser
import Foundation
import GripFitConformance

extension ConformanceCase: ExpressibleByArgument {}

/// `gripfit-serial check`: the hardware-in-the-loop conformance suite, with JUnit and JSON reports.
public struct Check: ParsableCommand {
    public static let configuration = CommandConfiguration(
        abstract: "Check that the GripFit honours its protocol spec; JUnit XML for CI.",
        discussion: """
            Runs named cases over one session, in this order:
            \(ConformanceCase.allCases.map { "  \($0.rawValue.padding(toLength: 13, withPad: " ", startingAt: 0)) \($0.summary)" }.joined(separator: "\n"))

            Keep the GripFit unloaded during the run (tare expects readings near 0). A default run \
            takes about 15 s; --duration scales the sampling windows. Prints a summary; --junit and \
            --json write reports. Exit 0 when every case passes, 1 when any fails, 69/74/75/77 when \
            the check could not run (see gripfit-serial --help).

            Examples:
              gripfit-serial check --port /dev/ttyACM0 --junit gripfit-junit.xml
              gripfit-serial check --simulate --bug wrong-rate
              gripfit-serial check --simulate --only ping tare --duration 2
            """)

    @OptionGroup public var connection: ConnectionOptions

    @Option(help: ArgumentHelp("Write a JUnit XML report here.", valueName: "file"), completion: .file())
    public var junit: String?

    @Option(help: ArgumentHelp("Write a JSON report here.", valueName: "file"), completion: .file())
    public var json: String?

    @Option(help: "Seconds of readings for default-rate; the other windows scale with it.")
    public var duration: Double = 5

    @Option(parsing: .upToNextOption, help: ArgumentHelp("Run only these cases.", valueName: "name"))
    public var only: [ConformanceCase] = []

    @Option(parsing: .upToNextOption, help: ArgumentHelp("Leave these cases out.", valueName: "name"))
    public var skip: [ConformanceCase] = []

    @Option(help: ArgumentHelp("How far a mean reading interval may be from the asked one.", valueName: "percent"))
    public var rateTolerance: Double = 10

    public init() {}

    public func validate() throws {
        if !(duration >= 0.5 && duration <= 600) { throw ValidationError("--duration must be between 0.5 and 600 seconds.") }
        if !(rateTolerance > 0 && rateTolerance < 100) { throw ValidationError("--rate-tolerance must be a percentage between 0 and 100.") }
        if cases.isEmpty { throw ValidationError("--only and --skip leave no case to run.") }
    }

    var cases: [ConformanceCase] {
        let chosen = only.isEmpty ? ConformanceCase.allCases : only
        return chosen.filter { !skip.contains($0) }
    }

    var settings: ConformanceSettings {
        var settings = ConformanceSettings()
        settings.samplingWindow = .milliseconds(Int((duration * 1000).rounded()))
        settings.rateTolerance = rateTolerance / 100
        return settings
    }

    public func run() throws {
        StandardOutput.ignoreBrokenPipe()
        let report = try CheckRunner.run(cases, settings: settings, connection: connection)
        StandardOutput.write(TerminalReporter.render(report))
        if let junit { try write(JUnitReporter.render(report), to: junit) }
        if let json { try write(JSONReporter.render(report), to: json) }
        if report.failed > 0 {
            let names = report.results.filter(\.verdict.isFailure).map(\.kind.rawValue).joined(separator: ", ")
            throw CLIFailure("\(report.failed) of \(report.results.count) cases failed: \(names).", status: .failure)
        }
    }

    private func write(_ text: String, to path: String) throws {
        do {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        } catch {
            throw CLIFailure("Cannot write the report to \(path): \(error.localizedDescription). Check the directory exists and is writable.", status: .ioError)
        }
    }
}
