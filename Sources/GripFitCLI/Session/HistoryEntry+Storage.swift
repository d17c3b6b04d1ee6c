import GripFitLive
import GripFitRecords
import GripFitStore

extension HistoryEntry {
    /// Newest first, as `history` prints them, in the calibrations of `calibrations` (the user's book
    /// unless a test runs the command in-process on another environment's files).
    static func list(
        store: any SessionHistory, filter: SessionFilter = SessionFilter(), calibrations: CalibrationBook = Storage.calibrations
    ) throws -> (entries: [HistoryEntry], damaged: [StoreError]) {
        let book = try calibrations.all()
        return entries(try store.list(filter), store: store, book: book)
    }
}
