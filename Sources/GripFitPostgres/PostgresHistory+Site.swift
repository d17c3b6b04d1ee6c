import Foundation
import GripFitRecords
import GripFitStore

extension PostgresHistory {
    /// The `site` row migration 3 made: one UUID for every station of this history.
    public func siteIdentity() throws(StoreError) -> String {
        let uuid = try read { statements in try statements.row("SELECT uuid::TEXT AS uuid FROM site")?["uuid"] as String? }
        guard let uuid, UUID(uuidString: uuid) != nil else {
            throw .damaged(path: location, detail: "its site identity (table site) is missing or not a UUID")
        }
        return uuid
    }
}
