import GripFitStore

/// The history and calibrations at their XDG locations, opened the same way by every command.
enum Storage {
    static let paths = XDGPaths()

    /// The history to add to: refused when `PRAGMA integrity_check` finds it damaged, since new
    /// sessions would go into broken pages.
    static func history() throws -> SessionStore {
        let store = try SessionStore(path: paths.databasePath)
        try store.checkIntegrity()
        return store
    }

    /// The history a recording will be saved to, checked before the first reading: a history that
    /// cannot take a write now (read-only, a full disk) is refused at once (exit 73), not after
    /// the user has squeezed for the whole duration.
    static func historyToRecord() throws -> SessionStore {
        let store = try history()
        try store.checkCanSave()
        return store
    }

    /// The history to read from, and its damage if `PRAGMA integrity_check` finds any: reading
    /// commands show what still reads, then fail with "the history is damaged" (exit 65).
    static func historyToRead() throws -> (store: SessionStore, damage: StoreError?) {
        let store = try SessionStore(path: paths.databasePath)
        let problems = try store.integrityProblems()
        let damage = problems.first.map { StoreError.damaged(path: store.path, detail: "integrity_check: \($0)") }
        return (store, damage)
    }

    static var calibrations: CalibrationBook { CalibrationBook(path: paths.calibrationPath) }

    static var pins: PinBook { PinBook(path: paths.pinPath) }

    /// A stored session as `show`, `plot` and `history` present it: a session recorded before its
    /// device was calibrated is analysed with the device's calibration now, returned too so the
    /// output can say which one was used.
    /// `book` is the calibration file already read, for callers that present many sessions.
    static func presented(
        _ session: StoredSession, book: [StoredCalibration]? = nil
    ) throws -> (session: StoredSession, later: StoredCalibration?) {
        guard session.calibration == nil,
            let current = try (book ?? calibrations.all()).last(where: { $0.device == session.device }),
            let calibrated = session.calibrated(later: current)
        else { return (session, nil) }
        return (calibrated, current)
    }
}
