import GripFitLive
import GripFitRecords
import GripFitStore

/// Sessions as `history`, `show` and `plot` present them, in the calibrations of the station's book
/// (or of another environment's, when a test runs the command in-process).
extension HistoryEntry {
    /// Newest first, as `history` prints them.
    static func list(
        store: any SessionHistory,
        filter: SessionFilter = SessionFilter(),
        calibrations: CalibrationBook
    ) throws -> (entries: [HistoryEntry], damaged: [StoreError]) {
        let book = try calibrations.all()
        return entries(try store.list(filter), store: store, book: book)
    }

    /// One stored session: a session recorded before its device was calibrated is analysed with
    /// the device's calibration now, returned too so the output can say which one was used. The
    /// book is read only for a session recorded uncalibrated.
    static func presented(
        _ session: StoredSession,
        calibrations: CalibrationBook
    ) throws -> (session: StoredSession, later: StoredCalibration?) {
        guard session.calibration == nil else { return (session, nil) }
        return presented(session, book: try calibrations.all())
    }
}
