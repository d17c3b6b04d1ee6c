import Foundation
import GripFitConformance
import Testing

/// Every command's `--help`, as printed in an 80-column terminal: nothing wider, and examples
/// that are not broken in the middle of a command line.
@Suite(.waitsOnProcesses) struct HelpTests {
    /// Every command's `--help` at 80 columns, launched once (and before any test reads one) for
    /// all the tests here; the wide text is rendered in-process (``InProcessHelp``).
    private static let printed = Result {
        try Dictionary(uniqueKeysWithValues: CommandTree.built.get().commands.map { ($0.name, try launchHelp($0, columns: 80)) })
    }

    private func help(_ command: CommandTree.Command) throws -> [String] {
        let result = try #require(try Self.printed.get()[command.name], "\(command.name)")
        #expect(result.status == 0, "\(command.name) --help: \(result.stderr)")
        return result.stdout.components(separatedBy: "\n")
    }

    private static func launchHelp(_ command: CommandTree.Command, columns: Int) throws -> CLIProcess.Result {
        var environment = ProcessInfo.processInfo.environment
        environment["COLUMNS"] = String(columns)
        let (process, out, err) = try CLIProcess.start(
            Array(command.path.dropFirst()) + ["--help"],
            environment: environment
        )
        return CLIProcess.finish(process, out, err)
    }

    /// The command lines under "Example:" or "Examples:".
    private func examples(_ lines: [String]) -> [String] {
        guard let start = lines.firstIndex(where: { $0.hasSuffix("Example:") || $0.hasSuffix("Examples:") }) else {
            return []
        }
        return lines[(start + 1)...].prefix { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            .filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("gripfit-serial ") }
    }

    @Test func noHelpLineIsWiderThan80Columns() throws {
        let tree = try CommandTree.built.get()
        #expect(tree.subcommands.count >= 16)
        for command in tree.commands {
            for line in try help(command) {
                #expect(line.unicodeScalars.count <= 80, "\(command.name) --help: \(line)")
            }
        }
    }

    /// `check --help`'s table of cases: each row whole on one line at 80 columns, not wrapped to
    /// the left margin.
    @Test func checksCaseTableFitsIn80Columns() throws {
        let command = try #require(try CommandTree.built.get().subcommands.first { $0.name == "gripfit-serial check" })
        let lines = try help(command)
        for kind in ConformanceCase.allCases {
            let row = "  \(kind.rawValue.padding(toLength: 13, withPad: " ", startingAt: 0)) \(kind.summary)"
            #expect(lines.contains(row), "wrapped: \(row)")
        }
    }

    /// A source line continued without its backslash leaves a run of spaces inside a sentence,
    /// which help then wraps as it is (`tare --help` had "Take\nthe             hand off"). Only
    /// indented lines (examples, `check`'s table of cases) may line things up with spaces.
    @Test func proseHasNoRunsOfSpaces() throws {
        let dump = try CommandTree.dump.get()
        func check(_ value: Any, key: String?) {
            if let text = value as? String, key == "discussion" || key == "abstract" {
                for line in text.split(separator: "\n") where !line.hasPrefix("  ") {
                    #expect(!line.contains("   "), "\(line)")
                }
            }
            for element in value as? [Any] ?? [] { check(element, key: key) }
            for (name, element) in value as? [String: Any] ?? [:] { check(element, key: name) }
        }
        check(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)), key: nil)
    }

    /// generate-manual leaves out every character that is not ASCII ("20–1000" became "201000"
    /// in the man page), so help text stays ASCII.
    @Test func helpTextIsASCIIForTheManPages() throws {
        let dump = try CommandTree.dump.get()
        func check(_ value: Any) {
            if let text = value as? String, !text.allSatisfy(\.isASCII) {
                Issue.record("not ASCII, so lost in the man page: \(text)")
            }
            (value as? [Any])?.forEach(check)
            (value as? [String: Any])?.values.forEach(check)
        }
        check(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)))
    }

    @Test func everySubcommandHasExamplesOfItself() throws {
        for command in try CommandTree.built.get().subcommands {
            // Others may follow, showing what to do next (`scan`, then `monitor --device`).
            let wide = try #require(InProcessHelp.lines(command.path, columns: 400), "\(command.name)")
            let examples = examples(wide).map { $0.trimmingCharacters(in: .whitespaces) }
            #expect(
                examples.contains { $0 == command.name || $0.hasPrefix(command.name + " ") },
                "\(command.name) --help has no example of itself: \(examples)"
            )
        }
    }

    /// An example that argument-parser had to wrap would be printed over two lines, and a user
    /// copying it would run half a command.
    @Test func examplesAreNotWrappedAt80Columns() throws {
        for command in try CommandTree.built.get().subcommands {
            let narrow = try help(command)
            let wide = try #require(InProcessHelp.lines(command.path, columns: 400), "\(command.name)")
            for example in examples(wide) {
                #expect(narrow.contains(example), "\(command.name): wrapped at 80 columns: \(example)")
            }
        }
    }
}
