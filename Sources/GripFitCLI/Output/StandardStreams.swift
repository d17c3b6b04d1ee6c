/// The process's stdout and stderr, written as ``StandardOutput`` writes them.
struct StandardStreams: CommandOutput {
    @discardableResult
    func write(_ text: String) -> Bool {
        StandardOutput.write(text)
    }

    func error(_ text: String) {
        StandardOutput.error(text)
    }
}
