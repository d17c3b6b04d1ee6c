import ArgumentParser
import GripFitStore

/// `gripfit-serial audit verify`: whether the trail's hash chain holds.
struct AuditVerify: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check the audit trail's hash chain: exit 0 when it holds, 65 naming the first broken entry.",
        discussion: """
            Each entry holds the SHA-256 of the one before, and the trail's head the last one's, so \
            an entry deleted, edited or moved (with sqlite3 or psql, past the triggers that refuse \
            it) breaks the chain there. Someone who can write the history and recompute every hash \
            can rewrite it unseen: keep `audit export` copies elsewhere to compare (docs/audit.md).

            Example:
              gripfit-serial audit verify --history sqlite:/mnt/backup/history.sqlite
            """
    )

    @OptionGroup var historyOption: HistoryOption

    init() {}

    func run() throws {
        try run(station: Station(), to: StandardStreams())
    }

    /// The work of ``run()`` at `station`, said on `sink`.
    func run(station: Station, to sink: some CommandOutput) throws {
        let (store, damage) = try station.historyToRead(historyOption)
        if let broken = try store.verifyAudit() {
            throw CLIFailure(
                "the audit trail of \(store.location) is broken at \(broken): it no longer proves who did what. Keep the file "
                    + "as it is for investigation, and compare with an earlier `audit export`.",
                status: .dataError
            )
        }
        let count = try store.auditEntries(AuditFilter()).count
        sink.line("the audit trail of \(store.location) holds: \(count) entries, each chained to the one before")
        if let damage { throw damage }
    }
}
