import GripFitRecords
import GripFitStore

extension PostgresHistory {
    public func list(_ filter: SessionFilter) throws(StoreError) -> SessionListing {
        let (where_, values) = try conditions(filter)
        var arguments = values
        var limit = ""
        if let count = filter.limit {
            arguments.append(max(count, 0))
            limit = "LIMIT $\(arguments.count)"
        }
        return try with { statements in
            var listing = SessionListing()
            var positions: ColumnPositions?
            try statements.eachRow(
                "SELECT \(SessionRecord.listed) FROM session \(where_)ORDER BY started_at_ms DESC, id DESC \(limit)", arguments
            ) { columns, values in
                let found = positions ?? ColumnPositions(columns)
                positions = found
                SessionRecord.list(values, positions: found, into: &listing)
            }
            return listing
        }
    }

    public func count(_ filter: SessionFilter) throws(StoreError) -> Int {
        let (where_, values) = try conditions(filter)
        let row = try with { statements in try statements.row("SELECT COUNT(*) AS n FROM session \(where_)", values) }
        return Int(row?["n"] as Int64? ?? 0)
    }

    /// ``SessionFilter``'s conditions as ``SQLiteHistory`` states them, with the subject's code as
    /// stored (the sessions' tags hold it with its case).
    private func conditions(_ given: SessionFilter) throws(StoreError) -> (String, [PostgresStatements.Value]) {
        let subject = try given.subject.map { (code) throws(StoreError) in try self.subject(code: code).code }
        var filter = PostgresSQL.Filter()
        if let device = given.device { filter.add("device = $", device) }
        if let subject { filter.add("subject = $", subject) }
        if let station = given.station { filter.add("station = $", station) }
        if let since = given.since { filter.add("started_at_ms >= $", since) }
        if let until = given.until { filter.add("started_at_ms < $", until) }
        return (filter.clause, filter.values)
    }
}
