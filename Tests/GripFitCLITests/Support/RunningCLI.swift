import Foundation
import Glibc

/// The built binary left running, its stdout read line by line as it comes, so a test can act
/// between events. The environment, and with it umockdev's preload and testbed, is inherited.
final class RunningCLI {
    private let process = Process()
    private let stdout = Pipe()
    private let stderr = Pipe()
    /// The child's stdin, when the test writes to it; else it reads /dev/null.
    private let input: Pipe?
    private var buffer: [UInt8] = []
    /// What ``stderrText(until:before:)`` has read, given back in front of the rest by ``wait()`` and ``stop()``.
    private var stderrSaid = ""

    /// `executable`: another program run the same way (the native bridge, say).
    init(
        _ arguments: [String],
        environment: [String: String]? = nil,
        writesInput: Bool = false,
        executable: URL = CLIProcess.binary
    ) throws {
        input = writesInput ? Pipe() : nil
        if executable == CLIProcess.binary { LaunchLog.note() }
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = input ?? FileHandle.nullDevice
        try process.run()
    }

    /// Writes `line` and its newline to the child's stdin.
    func send(_ line: String) {
        input?.fileHandleForWriting.write(Data((line + "\n").utf8))
    }

    /// Closes the child's stdin: it reads end of file.
    func closeInput() {
        try? input?.fileHandleForWriting.close()
    }

    /// Waits for the child to exit by itself; returns its status and everything said on stderr.
    func wait() -> (status: Int32, stderr: String) {
        process.waitUntilExit()
        return (process.terminationStatus, restOfStderr())
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    /// For ``ListeningPorts``: the ports a server of the binary's bound on `:0`.
    var pid: Int32 { process.processIdentifier }

    /// What stderr has said until it holds `text` (a notice the test waits for), or until `deadline`
    /// (a bound on a hang) or its end.
    func stderrText(until text: String, before deadline: ContinuousClock.Instant) -> String {
        let said = stderrSaid
        stderrSaid += PipeReader.text(of: stderr, before: deadline) { (said + $0).contains(text) }
        return stderrSaid
    }

    private func restOfStderr() -> String {
        stderrSaid + String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
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

    /// SIGINT, as Ctrl-C, then waits; returns the exit status and everything said on stderr.
    func stop() -> (status: Int32, stderr: String) {
        if process.isRunning { kill(process.processIdentifier, SIGINT) }
        process.waitUntilExit()
        return (process.terminationStatus, restOfStderr())
    }
}
