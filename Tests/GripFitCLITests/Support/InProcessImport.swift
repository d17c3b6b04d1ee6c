@testable import GripFitCLI

/// What `import` would say and exit with for a file it refuses, found in-process by the command's
/// own read and parse: a test of many hostile files needs no launch per file (issue 21), while one
/// file per test still goes through the binary.
enum InProcessImport {
    /// Status -1 and a note on stderr when the file parses: the binary would have imported it.
    static func run(_ path: String) -> CLIProcess.Result {
        do {
            let sessions = try Import.contents(in: path, text: try Import.read(path)).sessions
            return CLIProcess.Result(status: -1, stdout: "", stderr: "parsed \(sessions.count) sessions, so the binary would import them")
        } catch {
            guard let failure = CLIFailure(error) else {
                return CLIProcess.Result(status: -1, stdout: "", stderr: "not a failure of this program: \(error)")
            }
            return CLIProcess.Result(status: failure.status.rawValue, stdout: "", stderr: "gripfit-serial: \(failure.message)\n")
        }
    }
}
