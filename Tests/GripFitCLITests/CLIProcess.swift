import Foundation
import Glibc
import UmockdevTestSupport

/// The built `gripfit-serial` run as a user would, its stdout read line by line as it comes, with
/// the environment (and so umockdev's preload and testbed) inherited.
final class CLIProcess {
    static let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("gripfit-serial").path

    private let process = Process()
    private let stdout = Pipe()
    private let stderr = Pipe()
    private var buffer: [UInt8] = []

    init(_ arguments: [String], executable: String = CLIProcess.binary) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
    }

    /// Runs to completion: exit status, stdout, stderr.
    static func run(_ arguments: [String], executable: String = CLIProcess.binary) throws -> (
        status: Int32, stdout: String, stderr: String
    ) {
        let cli = try CLIProcess(arguments, executable: executable)
        let out = cli.stdout.fileHandleForReading.readDataToEndOfFile()
        let status = cli.wait()
        return (status, String(decoding: out, as: UTF8.self), cli.errorOutput())
    }

    /// Runs the binary under `umockdev-run` with these fake devices and tty scripts (devnode → script file).
    static func underUmockdev(
        _ fixtures: [String], scripts: [String: String] = [:], _ arguments: [String]
    ) throws -> (status: Int32, stdout: String, stderr: String) {
        let devices = fixtures.flatMap { ["--device", Testbed.fixturePath($0)] }
        let played = scripts.sorted { $0.key < $1.key }.flatMap { ["--script", "\($0.key)=\(Testbed.fixtureFile($0.value))"] }
        return try run(["umockdev-run"] + devices + played + ["--", binary] + arguments, executable: "/usr/bin/env")
    }

    /// The next stdout line, waiting in poll() until `deadline`; nil at end of file or on timeout.
    func nextLine(before deadline: Date) -> String? {
        let fd = stdout.fileHandleForReading.fileDescriptor
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            let milliseconds = Int32(max(0, deadline.timeIntervalSinceNow * 1000))
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, milliseconds) > 0 else { return nil }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = read(fd, &chunk, chunk.count)
            guard count > 0 else { return nil }
            buffer += chunk.prefix(count)
        }
    }

    func interrupt() {
        kill(process.processIdentifier, SIGINT)
    }

    @discardableResult
    func wait() -> Int32 {
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Everything written to stderr; call after the process ended.
    func errorOutput() -> String {
        String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }
}
