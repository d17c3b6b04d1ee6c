import GripFitRecords
import GripFitStore

extension PostgresHistory {
    /// The `site` row migration 3 made: one UUID for every station of this history.
    public func siteIdentity() throws(StoreError) -> String {
        try read { statements in try SQLHistory(statements).siteIdentity(location: location) }
    }
}
