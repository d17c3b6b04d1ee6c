import Foundation
import Glibc

/// Runs the built `gripfit-serial` from outside, as a user or script would, with its own
/// XDG directories so tests never touch the real history.
struct BuiltBinary {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    let home: String

    init() {
        home = NSTemporaryDirectory() + "gripfit-cli-tests-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    }

    var dataHome: String { home + "/data" }
    var configHome: String { home + "/config" }

    static var path: String { CLIProcess.binary.path }

    func start(_ arguments: [String]) throws -> (Process, Pipe, Pipe) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.path)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = dataHome
        environment["XDG_CONFIG_HOME"] = configHome
        process.environment = environment
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return (process, out, err)
    }

    func run(_ arguments: String...) throws -> Result {
        try run(arguments)
    }

    func run(_ arguments: [String]) throws -> Result {
        let (process, out, err) = try start(arguments)
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
        // Read before waiting so a full pipe cannot block the child.
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }

    func historyJSON() throws -> [[String: Any]] {
        let result = try run("history", "--json")
        let parsed = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        return parsed as? [[String: Any]] ?? []
    }
}
