import ArgumentParser
import GripFitDashboard
import GripFitRecords

/// `gripfit-serial dashboard token revoke NAME`: the token stops working at its next request.
struct DashboardTokenRevoke: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "revoke",
        abstract: "Revoke a named token; a running dashboard refuses it from its next request.",
        discussion: """
            Example:
              gripfit-serial dashboard token revoke reception
            """
    )

    @Argument(help: "The token's name, as `dashboard token list` shows it.")
    var name: String

    init() {}

    func run() throws {
        try run(station: Station(), to: StandardStreams())
    }

    /// The command on `station`'s files, writing to `output`: tests run it in-process (issue 32).
    func run(station: Station, to output: some CommandOutput) throws {
        let role: DashboardRole
        do {
            role = try DashboardToken.store(station).revoke(name: name)
        } catch {
            throw CLIFailure("\(error)", status: .dataError)
        }
        station.auditInDefaultHistory(AuditEvent(.tokenRevoke, detail: "\(name) (\(role.rawValue))"))
        output.line("revoked token \(name) (\(role.rawValue))")
    }
}
