import ArgumentParser

/// "Did you mean" for a mistyped subcommand (`moniter`, `history synk`): argument-parser suggests
/// the closest option for a mistyped one ("Unknown option '--duraton'. Did you mean '--duration'?")
/// but says only "Unexpected argument 'moniter'" for a command. This suggests by argument-parser's
/// own rule for options (`UsageGenerator.unknownOptionMessage`, whose edit distance is internal to
/// it): the closest name by Levenshtein distance, if that distance is below 4.
enum CommandSuggestion {
    /// argument-parser's `kSimilarityFloor`: a name this many edits away or more is not suggested.
    static let similarityFloor = 4

    /// `message` (argument-parser's for a failed parse of `arguments` under `root`) with its first
    /// line, "Error: Unexpected argument 'moniter'", made "Error: Unknown command 'moniter'. Did you
    /// mean 'monitor'?" when the first word after the known commands is close to one of their
    /// subcommands; `message` unchanged otherwise.
    static func amended(_ message: String, arguments: [String], root: any ParsableCommand.Type) -> String {
        var command = root
        for argument in arguments {
            let subcommands = command.configuration.subcommands
            if let next = subcommands.first(where: { names($0).contains(argument) }) {
                command = next
                continue
            }
            guard !argument.hasPrefix("-"), let suggestion = closest(to: argument, among: subcommands.flatMap(names)),
                let end = message.firstIndex(of: "\n"), message[..<end].contains("'\(argument)'")
            else { return message }
            return "Error: Unknown command '\(argument)'. Did you mean '\(suggestion)'?" + message[end...]
        }
        return message
    }

    /// The name closest to `word`, if closer than ``similarityFloor``.
    static func closest(to word: String, among names: [String]) -> String? {
        names.map { (name: $0, distance: distance($0, word)) }
            .filter { $0.distance < similarityFloor }
            .min { $0.distance < $1.distance }?.name
    }

    /// The Levenshtein distance: the fewest insertions, deletions and substitutions turning `a` into `b`.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }

    private static func names(_ command: any ParsableCommand.Type) -> [String] {
        [command._commandName] + command.configuration.aliases
    }
}
