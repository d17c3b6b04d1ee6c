import ArgumentParser
import GripFitDashboard
import GripFitRecords

/// `gripfit-serial dashboard token add NAME --role ROLE`: a new token, printed once.
struct DashboardTokenAdd: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a named token with a role; the token is printed once and not kept.",
        discussion: """
            Example:
              gripfit-serial dashboard token add dr-lee --role clinician
            """
    )

    @Argument(help: "The token's name (1 to 64 of A-Z a-z 0-9 - _ .), shown in the audit trail.")
    var name: String

    @Option(help: ArgumentHelp("viewer, clinician or admin.", valueName: "role"))
    var role: DashboardRole

    init() {}

    func validate() throws {
        do {
            try TokenStore.check(name: name)
        } catch {
            throw ValidationError("\(error)")
        }
    }

    func run() throws {
        try run(station: Station(), to: StandardStreams())
    }

    /// The command on `station`'s files, writing to `output`: tests run it in-process (issue 32).
    func run(station: Station, to output: some CommandOutput) throws {
        let token: String
        do {
            token = try DashboardToken.store(station).add(name: name, role: role)
        } catch {
            throw CLIFailure("\(error)", status: .cannotCreate)
        }
        station.auditInDefaultHistory(AuditEvent(.tokenAdd, detail: "\(name) as \(role.rawValue)"))
        output.line(token)
        output.error(
            "gripfit-serial: token \(name) (\(role.rawValue)) added; it is shown only here. Open the dashboard's URL "
                + "with ?token= and this token once; the browser keeps it."
        )
    }
}
