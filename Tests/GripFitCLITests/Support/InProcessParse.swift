@testable import GripFitCLI

/// What the binary would say and exit with for a command line refused before its command runs,
/// found in-process by the same parse and error mapping as `GripFitSerial.main()`: a test of an
/// option's range over many values needs no launch per value (issue 21), while one value per
/// command still goes through the binary.
enum InProcessParse {
    /// Status -1 and a note on stderr when the line parses: the binary would have run the command.
    static func run(_ arguments: [String]) -> CLIProcess.Result {
        do {
            _ = try GripFitSerial.parse(arguments)
            return CLIProcess.Result(status: -1, stdout: "", stderr: "parsed, so the binary would run \(arguments)")
        } catch {
            if let failure = CLIFailure(error) {
                return CLIProcess.Result(status: failure.status.rawValue, stdout: "", stderr: "gripfit-serial: \(failure.message)\n")
            }
            let code = GripFitSerial.exitCode(for: error).rawValue
            let message = UsageLine.wrapped(GripFitSerial.usageMessage(for: error, arguments: arguments), width: 80) + "\n"
            return code == 0
                ? CLIProcess.Result(status: code, stdout: message, stderr: "")
                : CLIProcess.Result(status: code, stdout: "", stderr: message)
        }
    }
}
