import ArgumentParser
import GripFitDashboard
import GripFitStore

/// `gripfit-serial dashboard token`: the dashboard's named tokens, each with a role.
struct DashboardToken: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token",
        abstract: "Add, list or revoke the dashboard's named tokens, each with a role (viewer, clinician, admin).",
        discussion: """
            A viewer sees the live view, the history and reports; a clinician also records, runs \
            protocols and adds subjects; an admin also exports every session, erases subjects and \
            manages tokens. Tokens are kept as salted hashes in \
            $XDG_CONFIG_HOME/gripfit/dashboard-tokens.json (0600); once it holds one, the dashboard \
            asks every request for a token, on this machine too (docs/dashboard.md, "Roles").

            Examples:
              gripfit-serial dashboard token add reception --role viewer
              gripfit-serial dashboard token list
              gripfit-serial dashboard token revoke reception
            """,
        subcommands: [DashboardTokenAdd.self, DashboardTokenList.self, DashboardTokenRevoke.self]
    )

    init() {}

    /// The token file of `station`.
    static func store(_ station: Station) -> TokenStore {
        TokenStore(path: TokenStore.path(in: station.paths))
    }
}
