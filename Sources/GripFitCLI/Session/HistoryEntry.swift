import GripFitStore

/// One session as `history` and the dashboard list it: its row, and the later calibration its
/// values are shown with when it was recorded before its device was calibrated.
struct HistoryEntry {
    var row: SessionRow
    var later: StoredCalibration?

    /// Newest first, as `history` prints them.
    static func list(
        store: any SessionHistory, device: String? = nil, sinceMilliseconds: Int64? = nil,
        calibrations: CalibrationBook = Storage.calibrations
    ) throws -> (entries: [HistoryEntry], damaged: [StoreError]) {
        let book = try calibrations.all()
        let calibratedDevices = Set(book.map(\.device))
        let listing = try store.list(device: device, sinceMilliseconds: sinceMilliseconds)
        var damaged = listing.damaged
        var entries: [HistoryEntry] = []
        for row in listing.rows {
            guard !row.calibrated, calibratedDevices.contains(row.device) else {
                entries.append(HistoryEntry(row: row, later: nil))
                continue
            }
            do {
                let (session, later) = try Storage.presented(try store.session(id: row.id), book: book)
                entries.append(HistoryEntry(row: SessionRow(session, id: row.id), later: later))
            } catch let error as StoreError {
                damaged.append(error)
            }
        }
        return (entries, damaged)
    }

    /// Where the values' calibration comes from: `recorded`, `later` (made after) or `none`.
    var calibrationSource: String {
        later != nil ? "later" : row.calibrated ? "recorded" : "none"
    }
}
