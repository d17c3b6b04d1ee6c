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

    /// Runs `sql`; returns how many rows it changed.
    @discardableResult
    func execute(_ sql: String, _ values: [Value] = []) throws -> Int {
        try connection.execute(dialect.numbered(sql), values)
    }
}
