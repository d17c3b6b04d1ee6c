import GRDB

extension SQLiteHistory {
    public func list(_ filter: SessionFilter) throws(StoreError) -> SessionListing {
        let (sql, arguments) = try statement(filter, selecting: SessionRecord.listed)
        let limit = filter.limit.map { " LIMIT \(max($0, 0))" } ?? ""
        // A cursor, not fetchAll: each row is read as the statement steps, never copied into a
        // row object of its own, so 100,000 sessions list without 100,000 rows held at once.
        return try read { db in
            let rows = try Row.fetchCursor(db, sql: sql + " ORDER BY started_at_ms DESC, id DESC" + limit, arguments: arguments)
            var listing = SessionListing()
            var positions: ColumnPositions?
            while let row = try rows.next() {
                Self.list(row, positions: &positions, into: &listing)
            }
            return listing
        }
    }

    public func count(_ filter: SessionFilter) throws(StoreError) -> Int {
        let (sql, arguments) = try statement(filter, selecting: "COUNT(*)")
        return try read { db in try Int.fetchOne(db, sql: sql, arguments: arguments) } ?? 0
    }

    /// ``SessionFilter``'s conditions, with the subject's code as stored (the sessions' tags hold it with its case).
    private func statement(_ filter: SessionFilter, selecting columns: String) throws(StoreError) -> (String, StatementArguments) {
        let subject = try filter.subject.map { (code) throws(StoreError) in try self.subject(code: code).code }
        var conditions: [String] = []
        var values: [(any DatabaseValueConvertible)?] = []
        func add(_ condition: String, _ value: (any DatabaseValueConvertible)?) {
            guard let value else { return }
            conditions.append(condition)
            values.append(value)
        }
        add("device = ?", filter.device)
        add("subject = ?", subject)
        add("station = ?", filter.station)
        add("started_at_ms >= ?", filter.since)
        add("started_at_ms < ?", filter.until)
        let filtered = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
        return ("SELECT \(columns) FROM session" + filtered, StatementArguments(values))
    }
}
