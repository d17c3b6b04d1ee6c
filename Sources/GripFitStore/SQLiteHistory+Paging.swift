import GRDB

extension SQLiteHistory {
    /// Keyset paging on (start, id), the listing's order: the `session_started` index (which holds
    /// the id) or, for one device, the `(device, started_at_ms)` one, read backwards and stopped
    /// after the page, so a page costs the same at the start of a long history as deep in it.
    /// A subject that is not in the history is ``StoreError/unknownSubject(_:)``, not an empty page.
    public func page(_ query: SessionQuery) throws(StoreError) -> SessionPage {
        let limit = min(max(query.limit, 1), SessionQuery.maxLimit)
        let rows: [Row] = try read { db throws -> [Row] in
            var query = query
            if let subject = query.subject {
                // Codes are case-blind: the sessions carry the code as the subject was stored.
                guard let stored: String = try Self.subjectRow(db, code: subject)?["code"] else {
                    throw StoreError.unknownSubject(subject)
                }
                query.subject = stored
            }
            var start: Int64?
            if let before = query.before {
                start = try Int64.fetchOne(db, sql: "SELECT started_at_ms FROM session WHERE id = ?", arguments: [before])
                if start == nil { throw StoreError.notFound(id: before) }
            }
            let (sql, arguments) = Self.pageStatement(query, limit: limit, beforeStart: start)
            return try Row.fetchAll(db, sql: sql, arguments: arguments)
        }
        return SessionPage(listing: Self.listing(rows.prefix(limit)), more: rows.count > limit)
    }

    /// The page's statement: one row past the page, to tell whether more exist. `beforeStart` is
    /// the start of the session `query.before` names: older means an earlier start, or the same
    /// start and a smaller id.
    static func pageStatement(_ query: SessionQuery, limit: Int, beforeStart: Int64?) -> (sql: String, arguments: StatementArguments) {
        var conditions: [String] = []
        var values: [(any DatabaseValueConvertible)?] = []
        if let device = query.device {
            conditions.append("device = ?")
            values.append(device)
        }
        if let hand = query.hand {
            conditions.append("hand = ?")
            values.append(hand.rawValue)
        }
        if let subject = query.subject {
            conditions.append("subject = ?")
            values.append(subject)
        }
        if let station = query.station {
            conditions.append("station = ?")
            values.append(station)
        }
        if let start = beforeStart, let before = query.before {
            conditions.append("started_at_ms <= ? AND (started_at_ms < ? OR id < ?)")
            values += [start, start, before]
        }
        values.append(limit + 1)
        let filter = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ") + " "
        let sql = "SELECT \(SessionRecord.listed) FROM session \(filter)ORDER BY started_at_ms DESC, id DESC LIMIT ?"
        return (sql, StatementArguments(values))
    }
}
