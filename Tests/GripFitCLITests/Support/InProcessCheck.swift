@testable import GripFitCLI

/// What `check` would write and exit with, run in-process by the command's own parse and run: its
/// simulator (`--simulate`) runs on a thread of the test process, and the cases, verdicts and
/// reports are the same code as the binary's (issue 32). ``CheckEndToEndTests`` keeps the default
/// run through the binary, with the debug log on stderr that only the binary writes.
enum InProcessCheck {
    static func run(_ arguments: [String]) -> CLIProcess.Result {
        let sink = CapturedOutput()
        do {
            guard let check = try GripFitSerial.parse(["check"] + arguments) as? Check else {
                return CLIProcess.Result(status: -1, stdout: "", stderr: "\(arguments) did not parse as check")
            }
            try check.run(to: sink)
            return CLIProcess.Result(status: 0, stdout: sink.stdout, stderr: sink.stderr)
        } catch {
            guard let failure = CLIFailure(error) else {
                let usage = InProcessParse.run(["check"] + arguments)
                return CLIProcess.Result(status: usage.status, stdout: sink.stdout, stderr: sink.stderr + usage.stderr)
            }
            return CLIProcess.Result(
                status: failure.status.rawValue,
                stdout: sink.stdout,
                stderr: sink.stderr + "gripfit-serial: \(failure.message)\n"
            )
        }
    }
}
