@testable import GripFitCLI

/// What a command run in-process wrote, kept as the strings its stdout and stderr would carry.
final class CapturedOutput: CommandOutput {
    private(set) var stdout = ""
    private(set) var stderr = ""

    func write(_ text: String) -> Bool {
        stdout += text
        return true
    }

    func error(_ text: String) {
        stderr += text + "\n"
    }
}
