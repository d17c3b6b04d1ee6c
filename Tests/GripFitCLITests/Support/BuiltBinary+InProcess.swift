import Foundation

/// `history`, `show`, `export` and `plot` run in-process on this instance's files (see
/// ``InProcessHistory``): a test whose subject is another command, or the details of their
/// output, needs no launch to read the history (issue 21).
extension BuiltBinary {
    func inProcess(_ arguments: String..., columns: Int = 80) -> Result {
        InProcessHistory.run(arguments, in: self, columns: columns)
    }

    /// What `history --json` lists, read in-process; ``historyJSON()`` launches the binary.
    func historyJSONInProcess(arguments: String...) throws -> [[String: Any]] {
        let result = InProcessHistory.run(["history", "--json"] + arguments, in: self)
        let parsed = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        return parsed as? [[String: Any]] ?? []
    }

    /// `record`, `calibrate`, `tare`, `subject`'s commands, `audit`'s, `history copy` and `sync`, and the history's readers
    /// in-process (see ``InProcessCommand``).
    func runInProcess(_ arguments: String...) -> Result {
        InProcessCommand.run(arguments, in: self)
    }

    /// As ``runInProcess(_:)-(String...)``, with `extra` added to the environment.
    func runInProcess(_ arguments: [String], extra: [String: String] = [:]) -> Result {
        InProcessCommand.run(arguments, in: self, extra: extra)
    }
}
