/// The history's rules written once, over the seam (``HistoryConnection``): each backend opens the
/// transaction and maps its engine's failures, then hands its connection here. Statements use `?`
/// placeholders, numbered for the engine by its ``HistoryDialect``.
package struct SQLHistory<Connection: HistoryConnection> {
    package typealias Value = (any StoredValueConvertible)?

    package let connection: Connection

    package init(_ connection: Connection) {
        self.connection = connection
    }

    var dialect: HistoryDialect { connection.dialect }

    /// The rows `sql` returns, its `?`s in the connection's dialect.
    func rows(_ sql: String, _ values: [Value] = []) throws -> [HistoryRow] {
        try connection.rows(dialect.numbered(sql), values)
    }

    /// The rows `sql` returns, each handed to `body` as it is read (``HistoryConnection/eachRow(_:_:_:)``).
    func eachRow(_ sql: String, _ values: [Value], _ body: (_ columns: [String], _ values: [StoredValue]) throws -> Void) throws {
        try connection.eachRow(dialect.numbered(sql), values, body)
    }

    /// The most rows one cursor fetch holds: a few MB of listing rows (16,000 took a 100,000-session
    /// listing to 59 MB of RSS, against 37 MB at 1,000).
    static var largestCursorBatch: Int { 4_000 }

    /// The rows `sql` returns, handed to `body` one at a time and never all held, `body` free to run
    /// statements of its own between them: SQLite steps the statement as `body` asks; a server is
    /// read through a cursor, ``HistoryDialect/cursorBatch`` rows first, then four times as many
    /// each time up to ``largestCursorBatch`` (rows it sent on while `body` read something else would
    /// have to be held, or would hold up the connection `body` reads on): a short listing's first
    /// page comes at once, a long one in few round trips. Inside a transaction, which closes the
    /// cursor if `body` throws.
    func streamRows(_ sql: String, _ values: [Value], _ body: (_ columns: [String], _ values: [StoredValue]) throws -> Void) throws {
        guard var batch = dialect.cursorBatch else { return try eachRow(sql, values, body) }
        try execute("DECLARE gripfit_rows NO SCROLL CURSOR FOR \(sql)", values)
        while true {
            let rows = try rows("FETCH FORWARD \(batch) FROM gripfit_rows")
            for row in rows { try body(row.columns, row.values) }
            if rows.count < batch { break }
            batch = min(batch * 4, max(batch, Self.largestCursorBatch))
        }
        try execute("CLOSE gripfit_rows")
    }

    /// Runs `sql`; returns how many rows it changed.
    @discardableResult
    func execute(_ sql: String, _ values: [Value] = []) throws -> Int {
        try connection.execute(dialect.numbered(sql), values)
    }
}
