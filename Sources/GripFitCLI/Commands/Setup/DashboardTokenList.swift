import ArgumentParser
import GripFitDashboard

/// `gripfit-serial dashboard token list`: names, roles and when added; never a token.
struct DashboardTokenList: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the dashboard's named tokens: name, role and when added (never the token).",
        discussion: """
            Example:
              gripfit-serial dashboard token list
            """
    )

    init() {}

    func run() throws {
        try run(station: Station(), to: StandardStreams())
    }

    /// The command on `station`'s files, writing to `output`: tests run it in-process (issue 32).
    func run(station: Station, to output: some CommandOutput) throws {
        let entries: [TokenStore.Entry]
        do {
            entries = try DashboardToken.store(station).entries()
        } catch {
            throw CLIFailure("\(error)", status: .dataError)
        }
        guard !entries.isEmpty else {
            output.line("No named tokens. Add one with `gripfit-serial dashboard token add NAME --role ROLE`.")
            return
        }
        let width = max(4, entries.map(\.name.count).max() ?? 0)
        func padded(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: max(0, width - text.count)) }
        output.line(padded("NAME", width) + "  ROLE       CREATED")
        for entry in entries {
            output.line(padded(entry.name, width) + "  " + padded(entry.role.rawValue, 9) + "  " + entry.created)
        }
    }
}
