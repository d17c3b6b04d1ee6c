import ArgumentParser

/// `gripfit-serial audit`: who saw or changed whose data, from the history's audit trail.
struct AuditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract: "List, verify or export the history's audit trail: who viewed, exported, changed or erased whose data.",
        discussion: """
            Every command and dashboard view that shows, exports, imports or changes health data adds \
            an entry: time, actor (the OS user and station; the dashboard's token), action, what it \
            concerned and the outcome. Entries are append-only and hash-chained, so a deleted, edited \
            or moved entry is found by `audit verify`. Subject codes are kept as keyed digests, so the \
            trail still verifies after `subject forget` yet names nobody (docs/audit.md).

            Examples:
              gripfit-serial audit list --subject P017
              gripfit-serial audit verify
              gripfit-serial audit export --format fhir > audit.json
            """,
        subcommands: [AuditList.self, AuditVerify.self, AuditExport.self]
    )

    init() {}
}
