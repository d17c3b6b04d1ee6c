/// The audit trail's tables, one text for both engines (SQLite reads `BIGINT` as an integer
/// column, and `INTEGER PRIMARY KEY` numbers its rows): `audit` holds the entries; `audit_head`
/// one row with the history's secret key for subject digests (hex, 32 random bytes) and the last
/// entry's number and hash, so removing the newest entries is detected too. Each backend's
/// migration runs these, then adds its own triggers refusing an UPDATE or DELETE of an entry.
package enum AuditSchema {
    package static func statements(key: [UInt8]) -> [String] {
        [
            """
            CREATE TABLE audit (
                seq INTEGER PRIMARY KEY,
                at_ms BIGINT NOT NULL,
                actor TEXT NOT NULL,
                role TEXT NOT NULL,
                station TEXT NOT NULL,
                action TEXT NOT NULL,
                subjects TEXT NOT NULL,
                sessions TEXT NOT NULL,
                assessments TEXT NOT NULL,
                detail TEXT NOT NULL,
                outcome TEXT NOT NULL,
                previous TEXT NOT NULL,
                hash TEXT NOT NULL
            )
            """,
            "CREATE TABLE audit_head (one INTEGER PRIMARY KEY CHECK (one = 1), key TEXT NOT NULL, seq BIGINT NOT NULL, hash TEXT NOT NULL)",
            "INSERT INTO audit_head (one, key, seq, hash) VALUES (1, '\(hex(key))', 0, '\(String(repeating: "0", count: 64))')",
        ]
    }

    /// 32 bytes from the system's generator (getrandom), for a new history's key.
    package static func newKey() -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }

    private static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String($0, radix: 16) }.map { $0.count == 1 ? "0" + $0 : $0 }.joined()
    }

    /// The message an engine gives when its trigger refuses a change to an entry.
    package static let appendOnly = "the audit trail is append-only"
}
