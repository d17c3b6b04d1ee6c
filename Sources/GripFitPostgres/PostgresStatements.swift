import Foundation
import GripFitStore
import PostgresNIO

/// Statements on one connection, synchronously: the server's side of the history's seam
/// (``HistoryConnection``). Values are bound as `$1…$n`, and rows handed back as neutral values, so
/// the store's checked decoding (``StoredRow``, ``SessionRecord``) reads a server's row exactly as it reads a file's.
struct PostgresStatements: HistoryConnection {
    let connection: PostgresConnection
    /// The connection's number in ``PostgresWaits``.
    let number: Int
    let logger: Logger

    typealias Value = (any StoredValueConvertible)?

    var dialect: HistoryDialect { .postgres }

    /// The rows `sql` returns.
    func rows(_ sql: String, _ values: [Value] = []) throws -> [HistoryRow] {
        var rows: [HistoryRow] = []
        try eachRow(sql, values) { columns, values in rows.append(HistoryRow(columns: columns, values: values)) }
        return rows
    }

    /// The rows `sql` returns as values by position, with their columns' names (one statement's
    /// rows share them), each handed to `body` in turn: a long listing then builds no dictionary
    /// per row, which was most of its time and memory.
    func eachRow(_ sql: String, _ values: [Value], _ body: (_ columns: [String], _ values: [StoredValue]) throws -> Void) throws {
        var columns: [String]?
        for row in try run(sql, values).rows {
            let names = columns ?? row.map(\.columnName)
            columns = names
            try body(names, row.map(Self.value))
        }
    }

    /// The first row, if any.
    func row(_ sql: String, _ values: [Value] = []) throws -> HistoryRow? {
        try rows(sql, values).first
    }

    @discardableResult
    func execute(_ sql: String, _ values: [Value]) throws -> Int {
        try execute(sql, values, within: PostgresWaits.answerDeadline)
    }

    /// Runs `sql`; returns the rows it changed. `within`: how long the server may take to answer,
    /// longer than ``PostgresWaits/answerDeadline`` only for work known to be slow.
    @discardableResult
    func execute(_ sql: String, _ values: [Value] = [], within deadline: TimeAmount = PostgresWaits.answerDeadline) throws -> Int {
        try run(sql, values, within: deadline).metadata.rows ?? 0
    }

    private func run(
        _ sql: String,
        _ values: [Value],
        within deadline: TimeAmount = PostgresWaits.answerDeadline
    ) throws
        -> PostgresQueryResult
    {
        var binds = PostgresBindings(capacity: values.count)
        for value in values {
            switch value.storedValue {
            case .null: binds.appendNull()
            case .integer(let integer): binds.append(integer)
            case .real(let double): binds.append(double)
            case .text(let text): binds.append(text)
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

    /// A server cell as a neutral value: integers as integers, floats as reals, text, bytea as a blob.
    /// A type the history never stores is kept as its bytes, so the checked decoding reports it
    /// ("holds a blob") rather than anything trapping.
    private static func value(_ cell: PostgresCell) -> StoredValue {
        guard var bytes = cell.bytes else { return .null }
        // The binary integers, floats and text a listing is made of read straight from their bytes:
        // the generic `decode` was a tenth of a long listing's time. Anything else takes it.
        switch (cell.dataType, cell.format, bytes.readableBytes) {
        case (.int8, .binary, 8): return bytes.readInteger(as: Int64.self).map(StoredValue.integer) ?? .null
        case (.int4, .binary, 4): return bytes.readInteger(as: Int32.self).map { .integer(Int64($0)) } ?? .null
        case (.float8, .binary, 8): return bytes.readInteger(as: UInt64.self).map { .real(Double(bitPattern: $0)) } ?? .null
        case (.text, _, _), (.varchar, _, _): return .text(String(buffer: bytes))
        default: break
        }
        switch cell.dataType {
        case .int2, .int4, .int8: return (try? cell.decode(Int64.self)).map(StoredValue.integer) ?? .null
        case .float4, .float8: return (try? cell.decode(Double.self)).map(StoredValue.real) ?? .null
        case .bool: return (try? cell.decode(Bool.self)).map { .integer($0 ? 1 : 0) } ?? .null
        case .text, .varchar, .name, .bpchar: return (try? cell.decode(String.self)).map(StoredValue.text) ?? .null
        default: return .blob(Data(bytes.readableBytesView))
        }
    }
}
