import Foundation
import Glibc
import ScratchSupport

/// Runs the built `gripfit-serial` from outside, as a user or script would, with its own
/// XDG directories so tests never touch the real history.
struct BuiltBinary {
    typealias Result = CLIProcess.Result

    let home: String

    init() {
        home = Scratch.directory("gripfit-cli-tests")
    }

    var dataHome: String { home + "/data" }
    var configHome: String { home + "/config" }

    /// The inherited environment with this instance's XDG directories.
    var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = dataHome
        environment["XDG_CONFIG_HOME"] = configHome
        return environment
    }

    /// `extra` adds to or overrides the environment, such as `TZ`.
    func start(_ arguments: [String], extra: [String: String] = [:]) throws -> (Process, Pipe, Pipe) {
        try CLIProcess.start(arguments, environment: environment.merging(extra) { $1 })
    }

    /// Left running, its stdout read line by line.
    func running(_ arguments: [String]) throws -> RunningCLI {
        try RunningCLI(arguments, environment: environment)
    }

    func run(_ arguments: String...) throws -> Result {
        try run(arguments)
    }

    func run(_ arguments: [String], extra: [String: String] = [:]) throws -> Result {
        let (process, out, err) = try start(arguments, extra: extra)
        watchdog(process, seconds: 90)
        return finish(process, out, err)
    }

    /// Kills the child with SIGKILL if it has not exited within `seconds`, so a hung child fails
    /// the test instead of hanging the whole run.
    func watchdog(_ process: Process, seconds: Double) {
        let pid = process.processIdentifier
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) {
            if process.isRunning { kill(pid, SIGKILL) }
        }
    }

    func finish(_ process: Process, _ out: Pipe, _ err: Pipe) -> Result {
        CLIProcess.finish(process, out, err)
    }

    func historyJSON() throws -> [[String: Any]] {
        let result = try run("history", "--json")
        let parsed = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        return parsed as? [[String: Any]] ?? []
    }
}
