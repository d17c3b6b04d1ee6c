import Foundation
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

    /// Writes one session, its reps and its trace inside the caller's transaction (``SQLHistory``'s rule).
    func insert(_ statements: PostgresStatements, _ session: StoredSession, trace: StoredTrace, sameStart: SameStart) throws
        -> SaveOutcome
    {
        try SQLHistory(statements).insert(session, trace: trace, sameStart: sameStart, location: location)
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
        try read { statements in try SQLHistory(statements).allIDs() }
    }

    public func sessions(afterID: Int64, limit: Int) throws(StoreError) -> [StoredSession] {
        try read { statements in try SQLHistory(statements).sessions(afterID: afterID, limit: limit) }
    }

    public func session(id: Int64) throws(StoreError) -> StoredSession {
        guard let session = try read({ statements in try SQLHistory(statements).session(id: id) }) else { throw .notFound(id: id) }
        return session
    }
}
