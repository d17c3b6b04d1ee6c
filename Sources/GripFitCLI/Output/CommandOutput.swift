/// Where a command that reads the history writes: `run()` gives ``StandardStreams``, a test a
/// string it reads back, so the table, CSV and escaping checks need no launch of the binary (issue 21).
protocol CommandOutput {
    /// False once the reader is gone (a closed pipe): the command stops writing.
    @discardableResult
    func write(_ text: String) -> Bool

    func error(_ text: String)
}

extension CommandOutput {
    @discardableResult
    func line(_ text: String) -> Bool {
        write(text + "\n")
    }
}
