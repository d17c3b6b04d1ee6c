/// The seam between the history's rules and a database engine: statements in, rows of neutral
/// values (``StoredValue``) out, inside the transaction the backend opened. A backend is a
/// conformance (GRDB's `Database` for a file; PostgresNIO's connection for a server) and its
/// ``HistoryDialect``; the checked decoding (``StoredRow``, ``SessionRecord``) reads either's rows.
package protocol HistoryConnection {
    /// The dialect this connection's statements are written in.
    var dialect: HistoryDialect { get }

    /// The rows `sql` returns, `values` bound to its placeholders in order.
    func rows(_ sql: String, _ values: [(any StoredValueConvertible)?]) throws -> [HistoryRow]

    /// The rows `sql` returns, each handed to `body` in turn as values by position, with the
    /// statement's column names (shared by its rows): a long listing builds no row object per row.
    func eachRow(
        _ sql: String,
        _ values: [(any StoredValueConvertible)?],
        _ body: (_ columns: [String], _ values: [StoredValue]) throws -> Void
    ) throws

    /// Runs `sql`; returns how many rows it changed.
    @discardableResult
    func execute(_ sql: String, _ values: [(any StoredValueConvertible)?]) throws -> Int
}
