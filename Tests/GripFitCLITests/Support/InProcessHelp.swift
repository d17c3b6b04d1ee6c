import ArgumentParser

@testable import GripFitCLI

/// A command's `--help` at a given width, rendered in-process the way the binary renders it: the
/// help tests launch the binary at 80 columns and read the unwrapped (wide) text from here.
enum InProcessHelp {
    /// `path` from the root, as ``CommandTree/Command/path`` has it; nil for a command there is not.
    static func lines(_ path: [String], columns: Int) -> [String]? {
        var command: ParsableCommand.Type = GripFitSerial.self
        for name in path.dropFirst() {
            guard let next = command.configuration.subcommands.first(where: { $0._commandName == name }) else { return nil }
            command = next
        }
        let text = GripFitSerial.helpMessage(for: command, includeHidden: false, columns: columns)
        return (UsageLine.wrapped(text, width: columns) + "\n").components(separatedBy: "\n")
    }
}
