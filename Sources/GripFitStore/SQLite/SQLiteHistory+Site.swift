import Foundation
import GRDB
import GripFitRecords

extension SQLiteHistory {
    /// The `site` table (migration v7): one row, a random UUID made when the history was created.
    /// A station of a shared server overwrites it with the server's (``adoptSite(_:)``), so its
    /// own file names the same clinic as the server does.
    static func addSite(_ db: Database) throws {
        try db.execute(sql: "CREATE TABLE site (one INTEGER PRIMARY KEY CHECK (one = 1), uuid TEXT NOT NULL)")
        try db.execute(sql: "INSERT INTO site (one, uuid) VALUES (1, ?)", arguments: [UUID().uuidString.lowercased()])
    }

    public func siteIdentity() throws(StoreError) -> String {
        try read { db in try SQLHistory(db).siteIdentity(location: path) }
    }

    /// Takes the shared server's site identity as this file's own.
    func adoptSite(_ uuid: String) throws(StoreError) {
        try write { db in try db.execute(sql: "UPDATE site SET uuid = ? WHERE one = 1", arguments: [uuid]) }
    }
}
