import Glibc
import GripFitStore

/// The stored data at its XDG locations, and the one place that chooses the history's backend:
/// each command opens the history here once, in `run`, and hands it on.
enum Storage {
    static let paths = XDGPaths()

    /// The history to add to: refused when its integrity check finds it damaged, since new
    /// sessions would go into broken pages.
    static func history() throws -> any SessionHistory {
        let history = try SQLiteHistory(path: paths.databasePath)
        try history.checkIntegrity()
        return history
    }

    /// The history a recording will be saved to, checked before the first reading: a history that
    /// cannot take a write now (read-only, a full disk) is refused at once (exit 73), not after
    /// the user has squeezed for the whole duration.
    static func historyToRecord() throws -> any SessionHistory {
        let history = try history()
        try history.checkCanSave()
        return history
    }

    /// The history to read from, and its damage if its integrity check finds any: reading
    /// commands show what still reads, then fail with "the history is damaged" (exit 65).
    /// `path` is another XDG environment's history, for a test that runs a command in-process.
    static func historyToRead(path: String = paths.databasePath) throws -> (store: any SessionHistory, damage: StoreError?) {
        let history = try SQLiteHistory(path: path)
        let damage = try history.integrityProblems().first.map {
            StoreError.damaged(path: history.location, detail: "integrity_check: \($0)")
        }
        return (history, damage)
    }

    /// The station this process records as, stored with each session so a shared history tells
    /// the rooms apart: this machine's host name; the config file's `station` key overrides it.
    /// Nil when the host has no name to give.
    static var station: String? {
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
