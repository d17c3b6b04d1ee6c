import GripFitRecords

extension HistoryEntry {
    /// The listing's rows as entries, newest first as listed, each uncalibrated session of a device
    /// calibrated since shown in `book`'s latest calibration of it. A session that no longer reads
    /// joins the damaged ones rather than hiding the rest.
    public static func entries(
        _ listing: SessionListing,
        store: any SessionHistory,
        book: [StoredCalibration]
    ) -> (entries: [HistoryEntry], damaged: [StoreError]) {
        var damaged = listing.damaged
        var entries: [HistoryEntry] = []
        for row in listing.rows {
            do throws(StoreError) {
                entries.append(try entry(row, book: book, session: store.session(id:)))
            } catch {
                damaged.append(error)
            }
        }
        return (entries, damaged)
    }

    /// One listed row as an entry: a session recorded uncalibrated on a device calibrated since
    /// (in `book`) is read whole with `session` and shown in the device's latest calibration.
    static func entry<Failure: Error>(
        _ row: SessionRow,
        book: [StoredCalibration],
        session: (Int64) throws(Failure) -> StoredSession
    ) throws(Failure) -> HistoryEntry {
        guard !row.calibrated, book.contains(where: { $0.device == row.device }) else { return HistoryEntry(row: row, later: nil) }
        let (presented, later) = presented(try session(row.id), book: book)
        return HistoryEntry(row: SessionRow(presented, id: row.id), later: later)
    }
}
