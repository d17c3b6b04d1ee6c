import ArgumentParser
import GripFitRecords
import GripFitStore

/// `gripfit-serial history sync`: the sessions this station saved while the server was away, pushed.
struct HistorySync: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Push the sessions this station saved while the history server was away.",
        discussion: """
            A recording made while the shared history's server cannot be reached is saved in this \
            station's own history and marked pending. This pushes the pending sessions, with their \
            subjects and assessments, to the history chosen (--history, GRIPFIT_HISTORY or \
            config.toml), in batches; each batch's marks are cleared once the server has committed \
            it. A session the server holds already is skipped and counted, so a sync run twice, or \
            killed and run again, files each session once. A subject the server holds keeps the \
            server's facts (this station's copy is refreshed to them); subjects forgotten on the \
            server are removed from this station first, with their sessions, and never pushed. Any \
            command that reaches the server does both first, too.

            Example:
              gripfit-serial history sync
              gripfit-serial history sync --history postgresql://gripfit@db.clinic/gripfit
            """
    )

    @OptionGroup var historyOption: HistoryOption

    func run() throws {
        try run(station: Station(), to: StandardStreams())
    }

    /// The work of ``run()`` at `station`, said on `sink`.
    func run(station: Station, to sink: some CommandOutput) throws {
        let location = try station.location(historyOption)
        let local = try SQLiteHistory(path: station.paths.databasePath)
        sink.line(try Self.push(from: local, to: location, openServer: station.openServer, audit: station.audit))
    }

    /// The work of ``run()``: pushes `local`'s pending sessions to `location` (a server's opened by
    /// `openServer`), and says how many.
    static func push(
        from local: SQLiteHistory,
        to location: HistoryLocation,
        openServer: Station.ServerOpener,
        audit: ((any SessionHistory) -> AuditTrail)? = nil
    ) throws -> String {
        if case .sqlite(let path) = location, path == local.path {
            throw CLIFailure(
                "this station's history is its own file (\(path)), so there is no server to push to: name it with "
                    + "--history postgresql://USER@HOST/DATABASE, or with the history key of config.toml.",
                status: .usage
            )
        }
        let destination = try Station.openDirect(location, openServer: openServer)
        let outcome = try HistoryTransfer.push(pendingFrom: local, to: destination)
        let said = StationHistory.pushed(outcome, pending: try local.pendingCount())
        audit?(destination).record(.sync, detail: "from \(local.path): \(said)")
        return said
    }
}
