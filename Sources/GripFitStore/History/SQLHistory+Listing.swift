import GripFitRecords

extension SQLHistory {
    /// ``SessionFilter``'s sessions, newest first, read row by row as the statement returns them:
    /// no row object per session, so 100,000 sessions list without 100,000 rows held at once.
    package func list(_ filter: SessionFilter) throws -> SessionListing {
        let (sql, values) = try listStatement(filter)
        var listing = SessionListing()
        var positions: ColumnPositions?
        try eachRow(sql, values) { columns, cells in
            let found = positions ?? ColumnPositions(columns)
            positions = found
            SessionRecord.list(cells, positions: found, into: &listing)
        }
        return listing
    }

    /// ``list(_:)``'s sessions as `history` presents them (``HistoryEntry/entry(_:book:session:)``,
    /// a session of a device calibrated since read whole on the way), each handed to `body` as it
    /// is read (``streamRows(_:_:_:)``), one that does not read as its error; `body` returns false
    /// to stop. A long history is never held whole.
    package func eachEntry(
        _ filter: SessionFilter,
        book: [StoredCalibration],
        _ body: (Result<HistoryEntry, StoreError>) throws -> Bool
    ) throws {
        let (sql, values) = try listStatement(filter)
        var positions: ColumnPositions?
        do {
            try streamRows(sql, values) { columns, cells in
                let found = positions ?? ColumnPositions(columns)
                positions = found
                var entry: Result<HistoryEntry, StoreError>
                switch SessionRecord.listed(cells, positions: found) {
                case .failure(let error):
                    entry = .failure(error)
                case .success(let row):
                    do {
                        entry = .success(
                            try HistoryEntry.entry(row, book: book) { id in
                                guard let session = try self.session(id: id) else { throw StoreError.notFound(id: id) }
                                return session
                            }
                        )
                    } catch let error as StoreError {
                        entry = .failure(error)
                    }
                }
                guard try body(entry) else { throw Stopped() }
            }
        } catch is Stopped {}
    }

    /// What ends a listing `body` wants no more of.
    private struct Stopped: Error {}

    /// The listing's statement: newest first, cut at the filter's limit.
    private func listStatement(_ filter: SessionFilter) throws -> (sql: String, values: [Value]) {
        let conditions = try self.conditions(filter)
        var values = conditions.values
        var limit = ""
        if let count = filter.limit {
            limit = " LIMIT ?"
            values.append(max(count, 0))
        }
        return ("SELECT \(SessionRecord.listed) FROM session\(conditions.clause) ORDER BY started_at_ms DESC, id DESC\(limit)", values)
    }

    /// How many sessions the filter picks, its limit ignored.
    package func count(_ filter: SessionFilter) throws -> Int {
        let conditions = try self.conditions(filter)
        let count: Int64? = try rows("SELECT COUNT(*) AS n FROM session\(conditions.clause)", conditions.values).first?["n"]
        return Int(count ?? 0)
    }

    /// ``SessionFilter``'s conditions, with the subject's code as stored (the sessions' tags hold
    /// it with its case); an unknown subject is ``StoreError/unknownSubject(_:)``.
    private func conditions(_ filter: SessionFilter) throws -> SQLConditions {
        var subject: String?
        if let given = filter.subject {
            guard let held = try self.subject(code: given) else { throw StoreError.unknownSubject(given) }
            subject = held.code
        }
        var conditions = SQLConditions()
        conditions.add("device = ?", filter.device)
        conditions.add("subject = ?", subject)
        conditions.add("station = ?", filter.station)
        conditions.add("started_at_ms >= ?", filter.since)
        conditions.add("started_at_ms < ?", filter.until)
        return conditions
    }

    /// Keyset paging on (start, id), the listing's order: an index holding the start (and the id),
    /// read backwards and stopped after the page, so a page costs the same at the start of a long
    /// history as deep in it. A subject that is not in the history is
    /// ``StoreError/unknownSubject(_:)``, not an empty page.
    package func page(_ query: SessionQuery) throws -> SessionPage {
        let limit = min(max(query.limit, 1), SessionQuery.maxLimit)
        var query = query
        if let subject = query.subject {
            // Codes are case-blind: the sessions carry the code as the subject was stored.
            guard let stored: String = try subjectRow(code: subject)?["code"] else { throw StoreError.unknownSubject(subject) }
            query.subject = stored
        }
        var start: Int64?
        if let before = query.before {
            start = try rows("SELECT started_at_ms FROM session WHERE id = ?", [before]).first?["started_at_ms"]
            if start == nil { throw StoreError.notFound(id: before) }
        }
        let (sql, values) = pageStatement(query, limit: limit, beforeStart: start)
        var listing = SessionListing()
        var positions: ColumnPositions?
        var read = 0
        try eachRow(sql, values) { columns, cells in
            read += 1
            guard read <= limit else { return }
            let found = positions ?? ColumnPositions(columns)
            positions = found
            SessionRecord.list(cells, positions: found, into: &listing)
        }
        return SessionPage(listing: listing, more: read > limit)
    }

    /// The page's statement, its `?`s not yet numbered: one row past the page, to tell whether more
    /// exist. `beforeStart` is the start of the session `query.before` names: older means an
    /// earlier start, or the same start and a smaller id (``HistoryDialect/olderThan``).
    func pageStatement(_ query: SessionQuery, limit: Int, beforeStart: Int64?) -> (sql: String, values: [Value]) {
        var conditions = SQLConditions()
        conditions.add("device = ?", query.device)
        conditions.add("hand = ?", query.hand?.rawValue)
        conditions.add("subject = ?", query.subject)
        conditions.add("station = ?", query.station)
        if let start = beforeStart, let before = query.before {
            let older = dialect.olderThan(start, before)
            conditions.add(older.condition, values: older.values)
        }
        let sql = "SELECT \(SessionRecord.listed) FROM session\(conditions.clause) ORDER BY started_at_ms DESC, id DESC LIMIT ?"
        return (sql, conditions.values + [limit + 1])
    }
}
