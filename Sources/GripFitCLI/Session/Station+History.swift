import GripFitPostgres
import GripFitRecords
import GripFitStore

/// The one place that chooses the history's backend: each command opens the history here once, in
/// `run`, and hands it on.
extension Station {
    /// A server's history given how to open one: `openServer` is a seam for tests.
    typealias ServerOpener = (String) throws(StoreError) -> any SessionHistory

    /// Where the history is, the first that says: `--history`, `GRIPFIT_HISTORY`, config.toml's
    /// `history` key, else this station's own SQLite file.
    func location(_ option: HistoryOption) throws -> HistoryLocation {
        let variable = environment["GRIPFIT_HISTORY"].flatMap { $0.isEmpty ? nil : ("GRIPFIT_HISTORY", $0) }
        let given: (source: String, text: String)? = option.history.map { ("--history", $0) } ?? variable
        if let given {
            switch HistoryLocation.parse(given.text) {
            case .success(let location): return try checked(location, source: given.source)
            case .failure(let refusal): throw CLIFailure("\(given.source): \(refusal).", status: .usage)
            }
        }
        let configured = try config().history ?? .sqlite(path: paths.databasePath)
        return try checked(configured, source: StationConfig.path(in: paths))
    }

    /// A server's URL read as the connection will read it, so a password in it or an unknown
    /// parameter is a usage error before anything is opened.
    private func checked(_ location: HistoryLocation, source: String) throws -> HistoryLocation {
        guard case .postgresql(let url) = location else { return location }
        do {
            _ = try PostgresLocation(url, environment: environment)
        } catch {
            throw CLIFailure("\(source): \(error)", status: .usage)
        }
        return location
    }

    /// Opens a shared server's history (PostgreSQL): the one place that names the server's backend.
    func openServer(_ url: String) throws(StoreError) -> any SessionHistory {
        let location: PostgresLocation
        do {
            location = try PostgresLocation(url, environment: environment)
        } catch {
            throw .unavailable(path: url, reason: "\(error)")
        }
        let history = try PostgresHistory(location: location, environment: environment, warn: StandardOutput.error)
        shareCalibrations(history)
        return history
    }

    /// Calibrations travel with the server: this station's file and the server's table agree on
    /// each device's newer calibration whenever a command reaches the server. A failure leaves
    /// both as they were, said, not thrown: the history itself is still usable.
    private func shareCalibrations(_ history: PostgresHistory) {
        do throws(StoreError) {
            _ = try history.share(with: calibrations)
        } catch {
            StandardOutput.error("gripfit-serial: calibrations not shared with \(history.location): \(error)")
        }
    }

    /// After `calibrate`: the new calibration goes to the shared server now, when this station
    /// uses one (GRIPFIT_HISTORY or config.toml) and reaches it; otherwise the next command that
    /// reaches it takes it there.
    func shareCalibrationIfShared() {
        guard let none = try? HistoryOption.parse([]), case .postgresql(let url)? = try? location(none) else { return }
        do throws(StoreError) {
            _ = try openServer(url)
        } catch {
            StandardOutput.error(
                "gripfit-serial: the calibration is saved on this station; it reaches the shared history at the next command "
                    + "that reaches the server (\(error))"
            )
        }
    }

    /// The history at `location`, unchecked: a server's is a ``StationHistory`` that falls back to
    /// this station's own file when the server cannot be reached.
    func open(_ location: HistoryLocation, openServer: ServerOpener? = nil) throws(StoreError) -> any SessionHistory {
        switch location {
        case .sqlite(let path):
            return try SQLiteHistory(path: path)
        case .postgresql(let url):
            let local = try SQLiteHistory(path: paths.databasePath)
            return try StationHistory(server: url, local: local, open: openServer ?? self.openServer, warn: StandardOutput.error)
        }
    }

    /// The history at `location` itself, without a fallback: what `history copy` and `history sync`
    /// write to, where a server that cannot be reached must fail the command (exit 69).
    static func openDirect(_ location: HistoryLocation, openServer: ServerOpener) throws(StoreError) -> any SessionHistory {
        switch location {
        case .sqlite(let path): try SQLiteHistory(path: path)
        case .postgresql(let url): try openServer(url)
        }
    }

    /// The history to add to: refused when its integrity check finds it damaged, since new
    /// sessions would go into broken pages.
    func history(_ option: HistoryOption) throws -> any SessionHistory {
        try history(at: location(option))
    }

    func history(at location: HistoryLocation) throws -> any SessionHistory {
        let history = try open(location)
        try history.checkIntegrity()
        return history
    }

    /// The history a recording will be saved to, checked before the first reading: a history that
    /// cannot take a write now (read-only, a full disk) is refused at once (exit 73), not after
    /// the user has squeezed for the whole duration.
    func historyToRecord(_ option: HistoryOption) throws -> any SessionHistory {
        let history = try history(option)
        try history.checkCanSave()
        return history
    }

    /// The history to read from, and its damage if its integrity check finds any: reading
    /// commands show what still reads, then fail with "the history is damaged" (exit 65).
    func historyToRead(_ option: HistoryOption) throws -> (store: any SessionHistory, damage: StoreError?) {
        try historyToRead(at: location(option))
    }

    func historyToRead(at location: HistoryLocation) throws -> (store: any SessionHistory, damage: StoreError?) {
        let history: any SessionHistory
        if case .sqlite(let path) = location {
            history = try SQLiteHistory.reading(path: path)
        } else {
            history = try open(location)
        }
        let damage = try history.integrityProblems().first.map {
            StoreError.damaged(path: history.location, detail: "integrity check: \($0)")
        }
        return (history, damage)
    }
}
