import Foundation
import Glibc
import GripFitPostgres
import GripFitRecords
import GripFitStore

/// The stored data at its XDG locations, and the one place that chooses the history's backend:
/// each command opens the history here once, in `run`, and hands it on.
enum Storage {
    static let paths = XDGPaths()

    /// Where the history is, the first that says: `--history`, `GRIPFIT_HISTORY`, config.toml's
    /// `history` key, else this station's own SQLite file.
    static func location(
        _ option: HistoryOption, environment: [String: String] = ProcessInfo.processInfo.environment, paths: XDGPaths = paths
    ) throws -> HistoryLocation {
        let variable = environment["GRIPFIT_HISTORY"].flatMap { $0.isEmpty ? nil : ("GRIPFIT_HISTORY", $0) }
        let given: (source: String, text: String)? = option.history.map { ("--history", $0) } ?? variable
        if let given {
            switch HistoryLocation.parse(given.text) {
            case .success(let location): return try checked(location, source: given.source, environment: environment)
            case .failure(let refusal): throw CLIFailure("\(given.source): \(refusal).", status: .usage)
            }
        }
        let configured = try config(paths: paths).history ?? .sqlite(path: paths.databasePath)
        return try checked(configured, source: StationConfig.path(in: paths), environment: environment)
    }

    /// A server's URL read as the connection will read it, so a password in it or an unknown
    /// parameter is a usage error before anything is opened.
    private static func checked(_ location: HistoryLocation, source: String, environment: [String: String]) throws -> HistoryLocation {
        guard case .postgresql(let url) = location else { return location }
        do {
            _ = try PostgresLocation(url, environment: environment)
        } catch {
            throw CLIFailure("\(source): \(error)", status: .usage)
        }
        return location
    }

    /// This station's config.toml (no settings when there is none); a file that does not read is a usage error naming it.
    static func config(paths: XDGPaths = paths) throws -> StationConfig {
        do {
            return try StationConfig.load(path: StationConfig.path(in: paths))
        } catch {
            throw CLIFailure(error.description, status: .usage)
        }
    }

    /// Opens a shared server's history (PostgreSQL): the one place that names the server's backend.
    static let openServer: @Sendable (String) throws(StoreError) -> any SessionHistory = { url throws(StoreError) in
        let environment = ProcessInfo.processInfo.environment
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
    private static func shareCalibrations(_ history: PostgresHistory) {
        do throws(StoreError) {
            _ = try history.share(with: calibrations)
        } catch {
            StandardOutput.error("gripfit-serial: calibrations not shared with \(history.location): \(error)")
        }
    }

    /// After `calibrate`: the new calibration goes to the shared server now, when this station
    /// uses one (GRIPFIT_HISTORY or config.toml) and reaches it; otherwise the next command that
    /// reaches it takes it there.
    static func shareCalibrationIfShared() {
        guard let none = try? HistoryOption.parse([]), case .postgresql(let url)? = try? location(none) else { return }
        do throws(StoreError) {
            _ = try openServer(url)
        } catch {
            StandardOutput.error(
                "gripfit-serial: the calibration is saved on this station; it reaches the shared history at the next command "
                    + "that reaches the server (\(error))")
        }
    }

    /// The history at `location`, unchecked: a server's is a ``StationHistory`` that falls back to
    /// this station's own file (`localPath`) when the server cannot be reached. `openServer` is a seam for tests.
    static func open(
        _ location: HistoryLocation, localPath: String = paths.databasePath,
        openServer: (String) throws(StoreError) -> any SessionHistory = openServer
    ) throws(StoreError) -> any SessionHistory {
        switch location {
        case .sqlite(let path):
            return try SQLiteHistory(path: path)
        case .postgresql(let url):
            return try StationHistory(server: url, local: SQLiteHistory(path: localPath), open: openServer, warn: StandardOutput.error)
        }
    }

    /// The history at `location` itself, without a fallback: what `history copy` and `history sync`
    /// write to, where a server that cannot be reached must fail the command (exit 69).
    static func openDirect(
        _ location: HistoryLocation, openServer: (String) throws(StoreError) -> any SessionHistory = openServer
    ) throws(StoreError) -> any SessionHistory {
        switch location {
        case .sqlite(let path): try SQLiteHistory(path: path)
        case .postgresql(let url): try openServer(url)
        }
    }

    /// The history to add to: refused when its integrity check finds it damaged, since new
    /// sessions would go into broken pages.
    static func history(_ option: HistoryOption) throws -> any SessionHistory {
        try history(at: location(option))
    }

    static func history(at location: HistoryLocation) throws -> any SessionHistory {
        let history = try open(location)
        try history.checkIntegrity()
        return history
    }

    /// The history a recording will be saved to, checked before the first reading: a history that
    /// cannot take a write now (read-only, a full disk) is refused at once (exit 73), not after
    /// the user has squeezed for the whole duration.
    static func historyToRecord(_ option: HistoryOption) throws -> any SessionHistory {
        let history = try history(option)
        try history.checkCanSave()
        return history
    }

    /// The history to read from, and its damage if its integrity check finds any: reading
    /// commands show what still reads, then fail with "the history is damaged" (exit 65).
    static func historyToRead(_ option: HistoryOption) throws -> (store: any SessionHistory, damage: StoreError?) {
        try historyToRead(at: location(option))
    }

    /// `path` is another XDG environment's history, for a test that runs a command in-process.
    static func historyToRead(path: String = paths.databasePath) throws -> (store: any SessionHistory, damage: StoreError?) {
        try historyToRead(at: .sqlite(path: path))
    }

    static func historyToRead(at location: HistoryLocation) throws -> (store: any SessionHistory, damage: StoreError?) {
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

    /// The station this process records as, stored with each session so a shared history tells
    /// the rooms apart: the config file's `station` key, else this machine's host name; nil when
    /// neither names one (a config file that does not read was refused when the history was chosen).
    static var station: String? {
        if let configured = (try? config())?.station { return configured }
        var name = [CChar](repeating: 0, count: 256)
        guard gethostname(&name, name.count - 1) == 0 else { return nil }
        let text = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.isEmpty ? nil : text
    }

    static var calibrations: CalibrationBook { CalibrationBook(path: paths.calibrationPath) }

    static var pins: PinBook { PinBook(path: paths.pinPath) }

    /// A stored session as `show`, `plot` and `history` present it: a session recorded before its
    /// device was calibrated is analysed with the device's calibration now, returned too so the
    /// output can say which one was used.
    /// `book` is the calibration file already read, for callers that present many sessions;
    /// otherwise `calibrations` is read, only for a session recorded uncalibrated.
    static func presented(
        _ session: StoredSession, book: [StoredCalibration]? = nil, calibrations: CalibrationBook = Storage.calibrations
    ) throws -> (session: StoredSession, later: StoredCalibration?) {
        guard session.calibration == nil else { return (session, nil) }
        return HistoryEntry.presented(session, book: try book ?? calibrations.all())
    }

    /// ``SessionSave`` as the CLI's commands run it: beside the user's history, signals held off
    /// during the write, the export on stderr when no rescue file can be written.
    /// The session is filed under this ``station``.
    static func save(_ session: StoredSession, to store: () throws -> any SessionHistory) throws(SessionSaveError) -> Int64 {
        try SessionSave.save(
            stationed(session), historyPath: paths.databasePath, shield: { try SignalShield.run($0) }, lastResort: StandardOutput.error,
            to: store)
    }

    /// The same for a save that files something with the session (a guided run's first attempt files its assessment).
    static func save<Filed>(
        _ session: StoredSession, to store: () throws -> any SessionHistory,
        write: (any SessionHistory, StoredSession) throws(StoreError) -> (SaveOutcome, Filed)
    ) throws(SessionSaveError) -> (session: Int64, filed: Filed) {
        try SessionSave.save(
            stationed(session), historyPath: paths.databasePath, shield: { try SignalShield.run($0) }, lastResort: StandardOutput.error,
            to: store, write: write)
    }

    private static func stationed(_ session: StoredSession) -> StoredSession {
        var session = session
        session.station = session.station ?? station
        return session
    }
}
