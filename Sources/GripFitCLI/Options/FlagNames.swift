import ArgumentParser
import Foundation

/// The flags (options that take no value, `--simulate`, `-h`) of one subcommand, so
/// ``NegativeNumberArguments`` knows that the `-5` of `rate --simulate -5` is no option's value.
/// argument-parser's only public view of a command's options is `_dumpHelp()`, the tool
/// description behind `--experimental-dump-help`; it is read only after a parse failed.
enum FlagNames {
    static func of(_ subcommand: String?, in root: any ParsableCommand.Type) -> Set<String> {
        guard let subcommand,
            let tool = try? JSONDecoder().decode(Tool.self, from: Data(root._dumpHelp().utf8)),
            let command = tool.command.subcommands?.first(where: { $0.commandName == subcommand })
        else { return [] }
        let flags = (command.arguments ?? []).filter { $0.kind == "flag" }.flatMap { $0.names ?? [] }
        return Set(flags.map { ($0.kind == "long" ? "--" : "-") + $0.name })
    }

    private struct Tool: Decodable {
        var command: Command
    }

    private struct Command: Decodable {
        var commandName: String
        var subcommands: [Command]?
        var arguments: [Argument]?
    }

    private struct Argument: Decodable {
        var kind: String
        var names: [Name]?
    }

    /// `long` is `--name`; `short` and `longWithSingleDash` are `-name`.
    private struct Name: Decodable {
        var kind: String
        var name: String
    }
}
