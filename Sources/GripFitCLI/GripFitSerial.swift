import ArgumentParser
import Glibc

/// The `gripfit-serial` command.
public struct GripFitSerial: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "gripfit-serial",
        abstract: "Use a GripFit grip dynamometer from Linux through its USB bridge dongle.",
        discussion: """
            Exit codes (sysexits): 0 success, 1 a check failed, 64 usage, 65 bad data (import file, \
            unstable calibration), 66 no such session or file, 69 unavailable (no dongle or no GripFit), \
            73 history or calibration cannot be written, 74 I/O or hardware fault, 75 temporary (busy, \
            no reply), 77 no permission.
            """,
        version: BuildInfo.versionText,
        // The groups are the folders under Commands/: a help screen of 18 commands reads by task.
        groupedSubcommands: [
            CommandGroup(
                name: "Device",
                subcommands: [
                    Monitor.self, Record.self, Calibrate.self, Tare.self, Ping.self, Info.self, Rate.self, Scan.self,
                ]
            ),
            CommandGroup(
                name: "History",
                subcommands: [
                    History.self, Show.self, ReportCommand.self, Export.self, Import.self, Plot.self, SubjectCommand.self,
                    AuditCommand.self,
                ]
            ),
            CommandGroup(
                name: "Setup",
                subcommands: [Check.self, List.self, Doctor.self, Simulate.self, Dashboard.self, BridgeCommand.self]
            ),
        ]
    )

    public init() {}

    /// Parses and runs, mapping this program's errors to a message and a sysexits code in one place.
    public static func main() {
        // For every command, once: a closed pipe (`| head`) or socket is an EPIPE each writer
        // reports, not a SIGPIPE that kills the process mid-write.
        StandardOutput.ignoreBrokenPipe()
        let arguments = Array(CommandLine.arguments.dropFirst())
        do {
            var command = try parse(arguments)
            try command.run()
        } catch {
            guard let failure = CLIFailure(error) else { exitWrappingUsage(error, arguments: arguments) }
            StandardOutput.error("gripfit-serial: \(failure.message)")
            Glibc.exit(failure.status.rawValue)
        }
    }

    /// `parseAsRoot`, with a failed parse tried again with negative numbers as arguments, so
    /// `rate -5` gets the command's range message (see ``NegativeNumberArguments``).
    static func parse(_ arguments: [String]) throws -> ParsableCommand {
        do {
            return try parseAsRoot(arguments)
        } catch {
            let flags = FlagNames.of(arguments.first, in: self)
            guard let retried = NegativeNumberArguments.behindTerminator(arguments, flags: flags) else { throw error }
            return try parseAsRoot(retried)
        }
    }

    /// argument-parser's message for `error`, from parsing `arguments`, with a mistyped subcommand's
    /// closest name suggested as argument-parser suggests an option's (``CommandSuggestion``).
    static func usageMessage(for error: Error, arguments: [String]) -> String {
        CommandSuggestion.amended(fullMessage(for: error), arguments: arguments, root: self)
    }

    /// argument-parser's `exit(withError:)` (help and clean exits on stdout, the rest on stderr),
    /// with its usage line wrapped like the rest of the help.
    private static func exitWrappingUsage(_ error: Error, arguments: [String]) -> Never {
        let code = exitCode(for: error)
        let message = UsageLine.wrapped(usageMessage(for: error, arguments: arguments), width: UsageLine.terminalWidth)
        if !message.isEmpty {
            if code == .success { StandardOutput.line(message) } else { StandardOutput.error(message) }
        }
        Glibc.exit(code.rawValue)
    }
}
