import ArgumentParser
import Foundation
import GripFitLinux

@testable import GripFitCLI

/// A command left running in-process, as ``RunningCLI`` leaves the binary running: `record`,
/// `calibrate` or `monitor` on a ``BuiltBinary``'s files, on a thread of its own, its stdout read
/// line by line as it comes so a test can act between events (issue 32). ``stop()`` is SIGINT
/// through the command's own signal pipe (a ``SignalRelay``), never the test process's; `monitor`
/// stops as when its reader closes the pipe.
final class InProcessRunning: @unchecked Sendable {
    /// What the command wrote, guarded by `condition`, which is signalled on every write and at the end.
    private final class Sink: CommandOutput, @unchecked Sendable {
        let condition = NSCondition()
        var stdout = ""
        var stderr = ""
        var read = 0
        var closed = false
        var result: CLIProcess.Result?

        func write(_ text: String) -> Bool {
            condition.withLock {
                stdout += text
                condition.broadcast()
                return !closed
            }
        }

        func error(_ text: String) {
            condition.withLock { stderr += text + "\n" }
        }
    }

    private let sink = Sink()
    private let relay: SignalRelay

    init(_ arguments: [String], in cli: BuiltBinary) throws {
        let relay = try SignalRelay()
        self.relay = relay
        let sink = sink
        let environment = cli.environment
        // The relay goes with the thread: a test that never stops the command leaves its pipe open.
        let thread = Thread {
            let station = Station(environment: environment)
            let status = Self.status(arguments, sink: sink) { command in
                switch command {
                case let record as Record:
                    try record.run(station: station, to: sink, terminal: false, columns: 80, signals: relay.pipe)
                case let calibrate as Calibrate:
                    try calibrate.run(station: station, to: sink)
                case let monitor as Monitor:
                    try monitor.run(
                        station: station,
                        terminal: false,
                        write: { sink.write(String(decoding: $0, as: UTF8.self)) },
                        notice: { sink.error($0) }
                    )
                default:
                    sink.error("\(arguments) does not run in-process")
                    return false
                }
                return true
            }
            sink.condition.withLock {
                sink.result = CLIProcess.Result(status: status, stdout: sink.stdout, stderr: sink.stderr)
                sink.condition.broadcast()
            }
        }
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// A test that ended without stopping it (a failed `#require`) leaves no command running.
    deinit {
        sink.condition.withLock { sink.closed = true }
        relay.forward(SIGINT)
    }

    /// The exit status the binary would give, the command's failure said on the sink's stderr.
    private static func status(_ arguments: [String], sink: Sink, run: (any ParsableCommand) throws -> Bool) -> Int32 {
        do {
            return try run(try GripFitSerial.parse(arguments)) ? 0 : -1
        } catch {
            guard let failure = CLIFailure(error) else {
                let usage = InProcessParse.run(arguments)
                sink.error(usage.stderr.trimmingCharacters(in: .newlines))
                return usage.status
            }
            sink.error("gripfit-serial: \(failure.message)")
            return failure.status.rawValue
        }
    }

    /// The next stdout line, waiting until `deadline`; nil once the command ended with no more, or on timeout.
    func nextLine(before deadline: Date) -> String? {
        sink.condition.withLock {
            while true {
                let unread = sink.stdout.utf8.dropFirst(sink.read)
                if let newline = unread.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: unread[..<newline], as: UTF8.self)
                    sink.read += line.utf8.count + 1
                    return line
                }
                if sink.result != nil || !sink.condition.wait(until: deadline) { return nil }
            }
        }
    }

    /// Waits for the command to end by itself; what it wrote and the status the binary would exit with.
    func wait() -> CLIProcess.Result {
        sink.condition.withLock {
            while sink.result == nil { sink.condition.wait() }
            return sink.result ?? CLIProcess.Result(status: -1, stdout: "", stderr: "")
        }
    }

    /// SIGINT, as Ctrl-C, then waits: `monitor` sees its output gone at its next write instead.
    func stop() -> CLIProcess.Result {
        sink.condition.withLock { sink.closed = true }
        relay.forward(SIGINT)
        return wait()
    }
}
