import Foundation
import GRDB
import GripFitCore
import GripFitRecords
import GripFitStore

extension PostgresHistory {
    /// The session, its reps and its trace in one transaction, as ``SQLiteHistory`` files them.
    @discardableResult
    public func save(_ session: StoredSession, sameStart: SameStart) throws(StoreError) -> SaveOutcome {
        let stored = try StoredTrace(session.trace)
        return try transaction { statements in try insert(statements, session, trace: stored, sameStart: sameStart) }
    }

    /// Writes one session, its reps and its trace inside the caller's transaction. A (device, start)
    /// the history holds: the same trace under ``SameStart/skip`` is that session again; anything
    /// else moves on to the next free millisecond, at most ``SQLiteHistory/furthestMove`` away.
    func insert(_ statements: PostgresStatements, _ session: StoredSession, trace: StoredTrace, sameStart: SameStart) throws
        -> SaveOutcome
    {
        var moved = session
        var id: Int64?
        while true {
            let insert = PostgresSQL.insertSession(SessionRecord.values(moved))
            id = try statements.row(insert.sql, insert.values)?["id"]
            if id != nil { break }
            // The session itself, already here under another start (moved to a free millisecond once).
            if let uid = session.uid, let named: Int64 = try statements.row("SELECT id FROM session WHERE uid = $1", [uid])?["id"] {
                return .duplicate(existingID: named)
            }
            let existing = try statements.row(
                """
                SELECT session.id, trace.data FROM session LEFT JOIN trace ON trace.session_id = session.id
                WHERE device = $1 AND started_at_ms = $2
                """,
                [session.device, moved.startedAtMilliseconds])
            if sameStart == .skip, (existing?["data"] as Data?) == trace.blob {
                return .duplicate(existingID: existing?["id"] as Int64? ?? 0)
            }
            let start = moved.startedAtMilliseconds
            guard start < RFC3339.range.upperBound, start - session.startedAtMilliseconds < SQLiteHistory.furthestMove else {
                throw StoreError.unavailable(
                    path: location,
                    reason: "no free start time near \(Timestamp.rfc3339(milliseconds: session.startedAtMilliseconds)) is left for "
                        + "\(session.device)")
            }
            moved.startedAtMilliseconds = start + 1
        }
        guard let id else { throw StoreError.corrupt("the server returned no id for a new session") }
        for (index, rep) in session.summary.reps.enumerated() {
            try statements.execute(
                """
                INSERT INTO rep (session_id, number, start, "end", peak, peak_time, impulse, mean, sample_count, interrupted)
                VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
                """,
                [
                    id, index + 1, rep.start, rep.end, rep.peak, rep.peakTime, rep.impulse, rep.mean, rep.sampleCount,
                    rep.interrupted,
                ])
        }
        try statements.execute(
            "INSERT INTO trace (session_id, encoding, inflated_size, data) VALUES ($1, 'gft1+zlib', $2, $3)",
            [id, trace.inflatedSize, trace.blob])
        return .inserted(id: id)
    }

    /// Keyset paging on (start, id), the listing's order, as ``SQLiteHistory/page(_:)`` does.
    public func page(_ query: SessionQuery) throws(StoreError) -> SessionPage {
        let limit = min(max(query.limit, 1), SessionQuery.maxLimit)
        return try read { statements in
            var filter = PostgresSQL.Filter()
            if let device = query.device { filter.add("device = $", device) }
            if let hand = query.hand { filter.add("hand = $", hand.rawValue) }
            if let station = query.station { filter.add("station = $", station) }
            if let subject = query.subject {
                // Codes are case-blind: the sessions carry the code as the subject was stored.
                guard let stored: String = try Self.subjectRow(statements, code: subject)?["code"] else {
                    throw StoreError.unknownSubject(subject)
                }
                filter.add("subject = $", stored)
            }
            if let before = query.before {
                guard let start: Int64 = try statements.row("SELECT started_at_ms FROM session WHERE id = $1", [before])?["started_at_ms"]
                else { throw StoreError.notFound(id: before) }
                filter.add("(started_at_ms, id) < ($, $)", start, before)
            }
            filter.values.append(limit + 1)
            var listing = SessionListing()
            var positions: ColumnPositions?
            var read = 0
            try statements.eachRow(
                "SELECT \(SessionRecord.listed) FROM session \(filter.clause)ORDER BY started_at_ms DESC, id DESC "
                    + "LIMIT $\(filter.values.count)",
                filter.values
            ) { columns, values in
                read += 1
                guard read <= limit else { return }
                let found = positions ?? ColumnPositions(columns)
                positions = found
                SessionRecord.list(values, positions: found, into: &listing)
            }
            return SessionPage(listing: listing, more: read > limit)
        }
    }

    public func allIDs() throws(StoreError) -> [Int64] {
        let rows = try with { statements in try statements.rows("SELECT id FROM session ORDER BY started_at_ms, id") }
        return rows.compactMap { $0["id"] as Int64? }
    }

    /// Three statements per batch (sessions, their reps, their traces), not three per session: a
    /// server is a round trip away, and export and copy read whole histories this way.
    public func sessions(afterID: Int64, limit: Int) throws(StoreError) -> [StoredSession] {
        let loaded: (sessions: [Row], reps: [Row], traces: [Row]) = try read { statements in
            let sessions = try statements.rows("SELECT * FROM session WHERE id > $1 ORDER BY id LIMIT $2", [afterID, max(limit, 0)])
            guard let last: Int64 = sessions.last?["id"] else { return ([], [], []) }
            let range: [PostgresStatements.Value] = [afterID, last]
            let reps = try statements.rows(
                "SELECT * FROM rep WHERE session_id > $1 AND session_id <= $2 ORDER BY session_id, number", range)
            let traces = try statements.rows("SELECT * FROM trace WHERE session_id > $1 AND session_id <= $2", range)
            return (sessions, reps, traces)
        }
        let reps = Dictionary(grouping: loaded.reps) { $0["session_id"] as Int64? ?? 0 }
        let traces = Dictionary(loaded.traces.map { ($0["session_id"] as Int64? ?? 0, $0) }) { first, _ in first }
        return try loaded.sessions.map { (row) throws(StoreError) in
            let id: Int64 = row["id"] ?? 0
            return try SessionRecord.session(id: id, row: row, reps: reps[id] ?? [], trace: traces[id])
        }
    }

    public func session(id: Int64) throws(StoreError) -> StoredSession {
        let loaded: (Row, [Row], Row?)? = try read { statements in
            guard let row = try statements.row("SELECT * FROM session WHERE id = $1", [id]) else { return nil }
            let reps = try statements.rows("SELECT * FROM rep WHERE session_id = $1 ORDER BY number", [id])
            return (row, reps, try statements.row("SELECT * FROM trace WHERE session_id = $1", [id]))
        }
        guard let (row, reps, trace) = loaded else { throw .notFound(id: id) }
        return try SessionRecord.session(id: id, row: row, reps: reps, trace: trace)
    }
}
