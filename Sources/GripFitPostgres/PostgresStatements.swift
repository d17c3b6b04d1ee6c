import Foundation
import GRDB
import PostgresNIO

/// Statements on one connection, synchronously, with values as the store's SQLite code has them:
/// GRDB values bound as `$1…$n`, and rows handed back as GRDB rows, so the store's checked decoding
/// (``StoredRow``, ``SessionRecord``) reads a server's row exactly as it reads a file's.
struct PostgresStatements {
    let connection: PostgresConnection
    /// The connection's number in ``PostgresWaits``.
    let number: Int
    let logger: Logger

    typealias Value = (any DatabaseValueConvertible)?

    /// The rows `sql` returns.
    func rows(_ sql: String, _ values: [Value] = []) throws -> [Row] {
        try run(sql, values).rows.map(Self.row)
    }

    /// The rows `sql` returns as values by position, with their columns' names (one statement's
    /// rows share them), each handed to `body` in turn: a long listing then builds no dictionary
    /// and no GRDB row per row, which was most of its time and memory.
    func eachRow(_ sql: String, _ values: [Value], _ body: (_ columns: [String], _ values: [DatabaseValue]) -> Void) throws {
        var columns: [String]?
        for row in try run(sql, values).rows {
            let names = columns ?? row.map(\.columnName)
            columns = names
            body(names, row.map { Self.value($0)?.databaseValue ?? .null })
        }
    }

    /// The first row, if any.
    func row(_ sql: String, _ values: [Value] = []) throws -> Row? {
        try rows(sql, values).first
    }

    /// Runs `sql`; returns the rows it changed. `within`: how long the server may take to answer,
    /// longer than ``PostgresWaits/answerDeadline`` only for work known to be slow.
    @discardableResult
    func execute(_ sql: String, _ values: [Value] = [], within deadline: TimeAmount = PostgresWaits.answerDeadline) throws -> Int {
        try run(sql, values, within: deadline).metadata.rows ?? 0
    }

    private func run(_ sql: String, _ values: [Value], within deadline: TimeAmount = PostgresWaits.answerDeadline) throws
        -> PostgresQueryResult
    {
        var binds = PostgresBindings(capacity: values.count)
        for value in values {
            switch value?.databaseValue.storage ?? .null {
            case .null: binds.appendNull()
            case .int64(let integer): binds.append(integer)
            case .double(let double): binds.append(double)
            case .string(let text): binds.append(text)
            case .blob(let data): binds.append(ByteBuffer(bytes: data))
            }
        }
        let query = PostgresQuery(unsafeSQL: sql, binds: binds)
        let connection = connection
        let logger = logger
        // Written on the connection's own loop, and only while it is open: PostgresNIO drops the
        // answer's promise of a query written to a closed channel, and the wait would never end.
        let answer = connection.eventLoop.flatSubmit {
            connection.isClosed
                ? connection.eventLoop.makeFailedFuture(PostgresWaitFailure.closed) : connection.query(query, logger: logger)
        }
        return try PostgresWaits.wait(for: answer, on: connection, numbered: number, within: deadline)
    }

    /// A server row as a GRDB row: integers as integers, floats as reals, text, bytea as a blob.
    /// A type the history never stores is kept as its bytes, so the checked decoding reports it
    /// ("holds a blob") rather than anything trapping.
    private static func row(_ row: PostgresRow) -> Row {
        var values: [String: (any DatabaseValueConvertible)?] = [:]
        for cell in row {
            values[cell.columnName] = value(cell)
        }
        return Row(values)
    }

    private static func value(_ cell: PostgresCell) -> (any DatabaseValueConvertible)? {
        guard let bytes = cell.bytes else { return nil }
        switch cell.dataType {
        case .int2, .int4, .int8: return try? cell.decode(Int64.self)
        case .float4, .float8: return try? cell.decode(Double.self)
        case .bool: return (try? cell.decode(Bool.self)).map { $0 ? Int64(1) : Int64(0) }
        case .text, .varchar, .name, .bpchar: return try? cell.decode(String.self)
        default: return Data(bytes.readableBytesView)
        }
    }
}
