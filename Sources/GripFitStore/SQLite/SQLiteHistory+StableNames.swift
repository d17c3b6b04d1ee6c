import GRDB
import GripFitRecords

/// Stable names (``StableName``) in a station's file: the migration that gives every row one, and
/// the lookup of a name's record.
extension SQLiteHistory {
    /// v7: a `uid` column on sessions and assessments, filled for the rows already there with the
    /// names derived from what made them unique, then unique. Read with casts, so a damaged row gets
    /// a name too and stays for the integrity check to report.
    static func addStableNames(_ db: Database) throws {
        try db.execute(sql: "ALTER TABLE session ADD COLUMN uid TEXT; ALTER TABLE assessment ADD COLUMN uid TEXT")
        var taken: Set<String> = []
        let sessions = try Row.fetchAll(
            db,
            sql: "SELECT id, CAST(device AS TEXT) AS device, CAST(started_at_ms AS INTEGER) AS start FROM session ORDER BY id"
        )
        for row in sessions {
            let device: String = row["device"] ?? ""
            let start: Int64 = row["start"] ?? 0
            let uid = StableName.legacySession(device: device, startedAtMilliseconds: start, taken: &taken)
            try db.execute(sql: "UPDATE session SET uid = ? WHERE id = ?", arguments: [uid, row["id"] as Int64?])
        }
        let assessments = try Row.fetchAll(
            db,
            sql: """
                SELECT id, CAST(device AS TEXT) AS device, CAST(started_at_ms AS INTEGER) AS start,
                    CAST(protocol AS TEXT) AS protocol FROM assessment ORDER BY id
                """
        )
        for row in assessments {
            let uid = StableName.legacyAssessment(
                device: row["device"] ?? "",
                startedAtMilliseconds: row["start"] ?? 0,
                protocolName: row["protocol"] ?? "",
                taken: &taken
            )
            try db.execute(sql: "UPDATE assessment SET uid = ? WHERE id = ?", arguments: [uid, row["id"] as Int64?])
        }
        try db.execute(
            sql: "CREATE UNIQUE INDEX session_uid ON session (uid); CREATE UNIQUE INDEX assessment_uid ON assessment (uid)"
        )
    }

    public func id(named name: String) throws(StoreError) -> Int64 {
        try read { db in try SQLHistory(db).id(named: name) }
    }
}
