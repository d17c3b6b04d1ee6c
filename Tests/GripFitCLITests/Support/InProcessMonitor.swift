import Foundation

@testable import GripFitCLI

/// What `monitor` would write and exit with off a terminal, run in-process by the command's own
/// parse and run: its simulator (`--simulate`, or a ``VirtualDongle`` the test started) runs on a
/// thread of the test process, and the readings, warnings and exit status come from the binary's
/// code (issue 32), with the calibrations of `cli`'s files when given. ``MonitorEndToEndTests``
/// keeps a run, signals and terminals through the binary.
enum InProcessMonitor {
    /// Written from the session's thread; read once the run is over.
    private final class Capture: @unchecked Sendable {
        let lock = NSLock()
        var stdout: [UInt8] = []
        var stderr = ""
    }

    static func run(_ arguments: [String], in cli: BuiltBinary? = nil) -> CLIProcess.Result {
        let capture = Capture()
        func result(_ status: Int32, _ said: String = "") -> CLIProcess.Result {
            capture.lock.withLock {
                CLIProcess.Result(status: status, stdout: String(decoding: capture.stdout, as: UTF8.self), stderr: capture.stderr + said)
            }
        }
        do {
            guard let monitor = try GripFitSerial.parse(["monitor"] + arguments) as? Monitor else {
                return result(-1, "\(arguments) did not parse as monitor")
            }
            try monitor.run(
                station: cli.map { Station(environment: $0.environment) } ?? Station(),
                terminal: false,
                write: { bytes in
                    capture.lock.withLock { capture.stdout += bytes }
                    return true
                },
                notice: { text in capture.lock.withLock { capture.stderr += text + "\n" } }
            )
            return result(0)
        } catch {
            guard let failure = CLIFailure(error) else {
                let usage = InProcessParse.run(["monitor"] + arguments)
                return result(usage.status, usage.stderr)
            }
            return result(failure.status.rawValue, "gripfit-serial: \(failure.message)\n")
        }
    }
}
