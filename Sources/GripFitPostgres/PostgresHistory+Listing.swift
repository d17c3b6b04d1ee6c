import GripFitRecords
import GripFitStore

extension PostgresHistory {
    public func list(_ filter: SessionFilter) throws(StoreError) -> SessionListing {
        try read { statements in try SQLHistory(statements).list(filter) }
    }

    /// Read through a cursor, a batch of rows at a time (``SQLHistory/eachEntry(_:book:_:)``), in one read transaction.
    public func eachEntry(
        _ filter: SessionFilter,
        book: [StoredCalibration],
        _ body: (Result<HistoryEntry, StoreError>) -> Bool
    ) throws(StoreError) {
        try read { statements in try SQLHistory(statements).eachEntry(filter, book: book, body) }
    }

    public func count(_ filter: SessionFilter) throws(StoreError) -> Int {
        try read { statements in try SQLHistory(statements).count(filter) }
    }

    /// Keyset paging on (start, id), the listing's order (``SQLHistory/page(_:)``).
    public func page(_ query: SessionQuery) throws(StoreError) -> SessionPage {
        try read { statements in try SQLHistory(statements).page(query) }
    }
}
