import Foundation
import GripFitRecords

extension SQLHistory {
    /// The clinic's identity, the `site` table's one UUID; a missing or malformed one is damage at `location`.
    package func siteIdentity(location: String) throws -> String {
        let uuid: String? = try rows("SELECT CAST(uuid AS TEXT) AS uuid FROM site").first?["uuid"]
        guard let uuid, UUID(uuidString: uuid) != nil else {
            throw StoreError.damaged(path: location, detail: "its site identity (table site) is missing or not a UUID")
        }
        return uuid
    }
}
