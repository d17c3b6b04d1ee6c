import Foundation

/// Runs the built `gripfit-serial` binary as a user would.
struct CLIProcess {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String

        var lines: [String] { stdout.split(separator: "\n").map(String.init) }
    }

    static var binary: URL {
        LaunchLog.note()
        let testBundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [
            testBundle.appendingPathComponent("gripfit-serial"),
            testBundle.deletingLastPathComponent().appendingPathComponent("gripfit-serial"),
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(".build/debug/gripfit-serial"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[2]
    }

    /// Runs to completion and returns its exit status and output.
    static func run(_ arguments: [String], prefix: [String] = []) throws -> Result {
        let (process, out, err) = try start(arguments, prefix: prefix)
        return finish(process, out, err)
    }

    /// Starts the binary (behind `prefix`, such as setpriv) with stdin closed and output piped.
    static func start(
        _ arguments: [String],
        prefix: [String] = [],
        environment: [String: String]? = nil
    ) throws -> (Process, Pipe, Pipe) {
        if let tool = prefix.first {
            return try spawn(
                URL(fileURLWithPath: tool),
                Array(prefix.dropFirst()) + [binary.path] + arguments,
                environment: environment
            )
        }
        return try spawn(binary, arguments, environment: environment)
    }

    /// Starts any program the same way: stdin closed, output piped.
    static func spawn(
        _ executable: URL,
        _ arguments: [String],
        environment: [String: String]? = nil,
        directory: URL? = nil
    ) throws -> (Process, Pipe, Pipe) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return (process, out, err)
    }

    /// Reads all output before waiting, so a full pipe cannot block the child.
    static func finish(_ process: Process, _ out: Pipe, _ err: Pipe) -> Result {
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self)
        )
    }
}

/// `gripfit-serial simulate` running in the background, with its tty path.
final class SimulatorProcess {
    let process = Process()
    let path: String
    private let out = Pipe()
    private let err = Pipe()

    init(_ arguments: [String] = []) throws {
        LaunchLog.note()
        process.executableURL = CLIProcess.binary
        process.arguments = ["simulate"] + arguments
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        var firstLine = Data()
        while !firstLine.contains(UInt8(ascii: "\n")) {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            firstLine += chunk
        }
        path = String(decoding: firstLine, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Sends SIGTERM and returns the exit status and what it said on stderr.
    func stop() -> (status: Int32, stderr: String) {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return (process.terminationStatus, stderr)
    }

    deinit {
        if process.isRunning { process.terminate() }
    }
}

/// One JSONL line from `monitor --format jsonl`.
struct Event {
    let object: [String: Any]

    init(_ line: String) throws {
        object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
    }

    var kind: String? { object["event"] as? String }
    var time: String? { object["time"] as? String }
    var raw: Int? { object["raw"] as? Int }
    subscript(key: String) -> Any? { object[key] }
}
