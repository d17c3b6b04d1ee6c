import GripFitRecords

extension SQLiteHistory {
    public func list(_ filter: SessionFilter) throws(StoreError) -> SessionListing {
        try read { db in try SQLHistory(db).list(filter) }
    }

    /// Stepped as `body` takes the rows (``SQLHistory/eachEntry(_:book:_:)``), in one read transaction.
    public func eachEntry(
        _ filter: SessionFilter,
        book: [StoredCalibration],
        _ body: (Result<HistoryEntry, StoreError>) -> Bool
    ) throws(StoreError) {
        try read { db in try SQLHistory(db).eachEntry(filter, book: book, body) }
    }

    public func count(_ filter: SessionFilter) throws(StoreError) -> Int {
        try read { db in try SQLHistory(db).count(filter) }
    }

    /// Keyset paging (``SQLHistory/page(_:)``): the `session_started` index (which holds the id) or,
    /// for one device, the `(device, started_at_ms)` one, read backwards and stopped after the page.
    public func page(_ query: SessionQuery) throws(StoreError) -> SessionPage {
        try read { db in try SQLHistory(db).page(query) }
    }
}
