/// The history's rules written once, over the seam (``HistoryConnection``): each backend opens the
/// transaction and maps its engine's failures, then hands its connection here. Statements use `?`
/// placeholders, numbered for the engine by its ``HistoryDialect``.
package struct SQLHistory<Connection: HistoryConnection> {
    package let connection: Connection

    package init(_ connection: Connection) {
        self.connection = connection
    }

    /// The rows `sql` returns, its `?`s in the connection's dialect.
    func rows(_ sql: String, _ values: [(any StoredValueConvertible)?] = []) throws -> [HistoryRow] {
        try connection.rows(connection.dialect.numbered(sql), values)
    }
}
