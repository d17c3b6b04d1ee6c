import GripFitRecords

extension SQLHistory {
    /// Every session id, oldest first, for `export --all`.
    package func allIDs() throws -> [Int64] {
        try rows("SELECT id FROM session ORDER BY started_at_ms, id").map { $0["id"] ?? 0 }
    }

    /// Up to `limit` whole sessions with ids above `afterID`, by id. Three statements per batch
    /// (sessions, their reps, their traces), not three per session: a server is a round trip
    /// away, and export and copy read whole histories this way.
    package func sessions(afterID: Int64, limit: Int) throws -> [StoredSession] {
        let sessions = try rows("SELECT * FROM session WHERE id > ? ORDER BY id LIMIT ?", [afterID, max(limit, 0)])
        guard let last: Int64 = sessions.last?["id"] else { return [] }
        let range: [(any StoredValueConvertible)?] = [afterID, last]
        let reps = Dictionary(
            grouping: try rows("SELECT * FROM rep WHERE session_id > ? AND session_id <= ? ORDER BY session_id, number", range)
        ) { $0["session_id"] ?? Int64(0) }
        let traces = Dictionary(
            try rows("SELECT * FROM trace WHERE session_id > ? AND session_id <= ?", range).map { ($0["session_id"] ?? Int64(0), $0) }
        ) { first, _ in first }
        return try sessions.map { row in
            let id: Int64 = row["id"] ?? 0
            return try SessionRecord.session(id: id, row: row, reps: reps[id] ?? [], trace: traces[id])
        }
    }

    /// A whole session: summary, reps and trace; nil when there is none.
    package func session(id: Int64) throws -> StoredSession? {
        guard let row = try rows("SELECT * FROM session WHERE id = ?", [id]).first else { return nil }
        let reps = try rows("SELECT * FROM rep WHERE session_id = ? ORDER BY number", [id])
        let trace = try rows("SELECT * FROM trace WHERE session_id = ?", [id]).first
        return try SessionRecord.session(id: id, row: row, reps: reps, trace: trace)
    }
}
