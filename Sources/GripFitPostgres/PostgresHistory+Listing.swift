import GripFitRecords
import GripFitStore

extension PostgresHistory {
    public func list(_ filter: SessionFilter) throws(StoreError) -> SessionListing {
        try read { statements in try SQLHistory(statements).list(filter) }
    }

    public func count(_ filter: SessionFilter) throws(StoreError) -> Int {
        try read { statements in try SQLHistory(statements).count(filter) }
    }

    /// Keyset paging on (start, id), the listing's order (``SQLHistory/page(_:)``).
    public func page(_ query: SessionQuery) throws(StoreError) -> SessionPage {
        try read { statements in try SQLHistory(statements).page(query) }
    }
}
