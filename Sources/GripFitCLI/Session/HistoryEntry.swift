import GripFitStore

/// One session as `history` and the dashboard list it: its row, and the later calibration its
/// values are shown with when it was recorded before its device was calibrated.
struct HistoryEntry {
    var row: SessionRow
    var later: StoredCalibration?

    /// Newest first, as `history` prints them.
    static func list(store: SessionStore, device: String? = nil, sinceMilliseconds: Int64? = nil) throws -> [HistoryEntry] {
        let book = try Storage.calibrations.all()
        let calibratedDevices = Set(book.map(\.device))
        return try store.list(device: device, sinceMilliseconds: sinceMilliseconds).map { row in
            guard !row.calibrated, calibratedDevices.contains(row.device) else { return HistoryEntry(row: row, later: nil) }
            let (session, later) = try Storage.presented(try store.session(id: row.id), book: book)
            return HistoryEntry(row: SessionRow(session, id: row.id), later: later)
        }
    }

    /// Where the values' calibration comes from: `recorded`, `later` (made after) or `none`.
    var calibrationSource: String {
        later != nil ? "later" : row.calibrated ? "recorded" : "none"
    }
}
