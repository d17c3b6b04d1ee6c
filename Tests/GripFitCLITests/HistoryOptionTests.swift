import Foundation
import GripFitRecords
import GripFitStore
import Testing

@testable import GripFitCLI

/// Which history a command opens: `--history`, then `GRIPFIT_HISTORY`, then config.toml, else
/// this station's own file.
@Suite(.waitsOnProcesses, .timeLimit(.minutes(15)))
struct HistoryOptionTests {
    private func option(_ arguments: [String]) throws -> HistoryOption {
        try HistoryOption.parse(arguments)
    }

    @Test func theFirstThatSaysWins() throws {
        let cli = BuiltBinary()
        let paths = XDGPaths(environment: cli.environment)
        let station = Station(paths: paths, environment: [:])
        let none = try option([])
        #expect(try station.location(none) == .sqlite(path: paths.databasePath))
        try FileManager.default.createDirectory(atPath: paths.configDirectory, withIntermediateDirectories: true)
        try Data("history = \"sqlite:/srv/config.sqlite\"\n".utf8).write(to: URL(fileURLWithPath: paths.configDirectory + "/config.toml"))
        #expect(try station.location(none) == .sqlite(path: "/srv/config.sqlite"))
        let variable = Station(paths: paths, environment: ["GRIPFIT_HISTORY": "postgresql://gripfit@db/gripfit"])
        #expect(try variable.location(none) == .postgresql(url: "postgresql://gripfit@db/gripfit"))
        let given = try option(["--history", "sqlite:/srv/option.sqlite"])
        #expect(try variable.location(given) == .sqlite(path: "/srv/option.sqlite"))
    }

    @Test func commandsReadTheHistoryNamedAndRefuseABadOne() throws {
        let cli = BuiltBinary()
        try cli.recordLikeTheSimulator(seconds: 1, label: "here")
        let other = BuiltBinary()
        try other.recordLikeTheSimulator(seconds: 1, label: "there")
        let named = cli.runInProcess("history", "--json", "--history", other.historyPath)
        #expect(named.status == 0, "\(named.stderr)")
        #expect(named.stdout.contains("\"there\"") && !named.stdout.contains("\"here\""))
        let configured = cli.configHome + "/gripfit/config.toml"
        try FileManager.default.createDirectory(atPath: cli.configHome + "/gripfit", withIntermediateDirectories: true)
        try Data("history = \"sqlite:\(other.historyPath)\"\n".utf8).write(to: URL(fileURLWithPath: configured))
        #expect(cli.runInProcess("show", "1").stdout.contains("there"))
        #expect(cli.runInProcess(["show", "1"], extra: ["GRIPFIT_HISTORY": cli.historyPath]).stdout.contains("here"))
        try Data("history = \"sqlite:\(other.historyPath)\"\nstations = \"a\"\n".utf8).write(to: URL(fileURLWithPath: configured))
        HostileInputTests.expectClean(cli.runInProcess("history"), 64, "\(configured), line 2: unknown key 'stations'")
        let refused = cli.runInProcess("history", "--history", "mysql://db/x")
        HostileInputTests.expectClean(refused, 64, "--history: 'mysql://db/x' is not a history")
    }

    /// Every command that opens the history takes `--history`.
    @Test func everyCommandThatOpensTheHistoryTakesIt() throws {
        let tree = try CommandTree.built.get()
        let expected = [
            "record", "history", "show", "export", "import", "plot", "report", "dashboard", "history sync", "history copy",
            "subject add", "subject edit", "subject forget", "subject list", "subject show",
        ]
        for name in expected {
            let command = try #require(tree.commands.first { $0.name == "gripfit-serial " + name }, "\(name)")
            let names = command.arguments.compactMap { ($0["preferredName"] as? [String: Any])?["name"] as? String }
            #expect(names.contains("history"), "\(name): \(names)")
        }
    }
}
