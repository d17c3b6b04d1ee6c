/// argument-parser reads `-5` as an option (apple/swift-argument-parser#31), so `rate -5` and
/// `show -1` said "Missing expected argument" instead of what is wrong with the number. A command
/// line that fails to parse is parsed again with such numbers moved behind `--`, where they are
/// plain arguments that reach the command's own range check. Only a failed parse is retried, so
/// every command line that parsed before parses the same.
enum NegativeNumberArguments {
    /// `arguments` with each negative number that is a positional argument moved behind `--`, in
    /// order; nil when there is none. A number right after an option name (`--duration -1`) is
    /// that option's value and stays, unless the option is one of `flags`; so does everything
    /// already behind `--`.
    static func behindTerminator(_ arguments: [String], flags: Set<String> = []) -> [String]? {
        let end = arguments.firstIndex(of: "--") ?? arguments.endIndex
        var kept: [String] = []
        var moved: [String] = []
        for (index, argument) in arguments[..<end].enumerated() {
            let previous: String? = index > 0 ? arguments[index - 1] : nil
            let followsOptionName =
                previous.map {
                    $0.hasPrefix("-") && !$0.contains("=") && !isNegativeNumber($0) && !flags.contains($0)
                } ?? false
            if isNegativeNumber(argument), !followsOptionName {
                moved.append(argument)
            } else {
                kept.append(argument)
            }
        }
        guard !moved.isEmpty else { return nil }
        return kept + ["--"] + moved + arguments[end...].dropFirst()
    }

    /// `-5`, `-0.5`, `-1e3`: a minus sign and a number.
    static func isNegativeNumber(_ argument: String) -> Bool {
        guard argument.hasPrefix("-"), let next = argument.dropFirst().first, next.isASCII, next.isNumber || next == "." else {
            return false
        }
        return Double(argument) != nil
    }
}
