import Foundation

/// Every command of the built binary with its arguments, read from `--experimental-dump-help`,
/// so help and completion tests cover subcommands added later without listing them.
struct CommandTree {
    struct Command {
        /// From the root: `["gripfit-serial", "monitor"]`.
        var path: [String]
        /// argument-parser's ToolInfo: names, valueName, allValues, completionKind.
        var arguments: [[String: Any]]

        var isRoot: Bool { path.count == 1 }
        var name: String { path.joined(separator: " ") }
    }

    let commands: [Command]

    /// `--experimental-dump-help`, launched once for every suite that reads it.
    static let dump = Result { try CLIProcess.run(["--experimental-dump-help"]) }

    /// The tree of the one dump, read once; never changed after, so shared by every test.
    nonisolated(unsafe) static let built = Result { try CommandTree() }

    private init() throws {
        let dump = try Self.dump.get()
        guard dump.status == 0,
            let tool = try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any],
            let root = tool["command"] as? [String: Any]
        else { throw CocoaError(.coderReadCorrupt, userInfo: [NSDebugDescriptionErrorKey: dump.stderr]) }
        var commands: [Command] = []
        func walk(_ command: [String: Any], parent: [String]) {
            guard let name = command["commandName"] as? String, !(name == "help" && !parent.isEmpty) else { return }
            let path = parent + [name]
            commands.append(Command(path: path, arguments: command["arguments"] as? [[String: Any]] ?? []))
            for sub in command["subcommands"] as? [[String: Any]] ?? [] { walk(sub, parent: path) }
        }
        walk(root, parent: [])
        self.commands = commands
    }

    var subcommands: [Command] { commands.filter { !$0.isRoot } }
}
