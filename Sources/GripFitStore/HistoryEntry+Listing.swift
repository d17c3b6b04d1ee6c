import GripFitRecords

extension HistoryEntry {
    /// The listing's rows as entries, newest first as listed, each uncalibrated session of a device
    /// calibrated since shown in `book`'s latest calibration of it. A session that no longer reads
    /// joins the damaged ones rather than hiding the rest.
    public static func entries(
        _ listing: SessionListing, store: any SessionHistory, book: [StoredCalibration]
    ) -> (entries: [HistoryEntry], damaged: [StoreError]) {
        let calibratedDevices = Set(book.map(\.device))
        var damaged = listing.damaged
        var entries: [HistoryEntry] = []
        for row in listing.rows {
            guard !row.calibrated, calibratedDevices.contains(row.device) else {
                entries.append(HistoryEntry(row: row, later: nil))
                continue
            }
            do throws(StoreError) {
                let (session, later) = presented(try store.session(id: row.id), book: book)
                entries.append(HistoryEntry(row: SessionRow(session, id: row.id), later: later))
            } catch {
                damaged.append(error)
            }
        }
        return (entries, damaged)
    }
}
