import Foundation
import GRDB
import GripFitRecords

/// A SQLite file's side of the seam: GRDB's `Database` inside the transaction `DatabaseQueue`
/// opened, its rows read as neutral values.
extension Database: HistoryConnection {
    package var dialect: HistoryDialect { .sqlite }

    package func rows(_ sql: String, _ values: [(any StoredValueConvertible)?]) throws -> [HistoryRow] {
        var rows: [HistoryRow] = []
        // Cached (see ``execute(_:_:)``): all rows are read before any other statement runs.
        try each(of: try cachedStatement(sql: sql), values) { columns, values in rows.append(HistoryRow(columns: columns, values: values)) }
        return rows
    }

    package func eachRow(
        _ sql: String,
        _ values: [(any StoredValueConvertible)?],
        _ body: (_ columns: [String], _ values: [StoredValue]) throws -> Void
    ) throws {
        // Its own statement: `body` may run the same statement again while this one is stepped.
        try each(of: try makeStatement(sql: sql), values, body)
    }

    private func each(
        of statement: Statement,
        _ values: [(any StoredValueConvertible)?],
        _ body: (_ columns: [String], _ values: [StoredValue]) throws -> Void
    ) throws {
        try statement.setArguments(Self.arguments(values))
        let columns = statement.columnNames
        let sqliteStatement = statement.sqliteStatement
        let count = CInt(statement.columnCount)
        // One array of values for every row: a body that keeps it gets its own copy on the next write.
        var row: [StoredValue] = []
        row.reserveCapacity(Int(count))
        let cursor = try Row.fetchCursor(statement)
        while try cursor.next() != nil {
            row.removeAll(keepingCapacity: true)
            for index in 0..<count { row.append(StoredValue(DatabaseValue(sqliteStatement: sqliteStatement, index: index))) }
            try body(columns, row)
        }
    }

    /// One statement is prepared once per connection and kept (GRDB's statement cache): a save or
    /// an audit entry runs the same few statements each time, and parsing them again showed in
    /// its profile. A script of several statements goes through GRDB's `execute(sql:)`.
    @discardableResult
    package func execute(_ sql: String, _ values: [(any StoredValueConvertible)?]) throws -> Int {
        if sql.utf8.contains(UInt8(ascii: ";")) {
            try execute(sql: sql, arguments: Self.arguments(values))
        } else {
            try cachedStatement(sql: sql).execute(arguments: Self.arguments(values))
        }
        return changesCount
    }

    static func arguments(_ values: [(any StoredValueConvertible)?]) -> StatementArguments {
        StatementArguments(values.map { $0.storedValue.databaseValue })
    }
}

extension StoredValue {
    init(_ value: DatabaseValue) {
        switch value.storage {
        case .null: self = .null
        case .int64(let integer): self = .integer(integer)
        case .double(let double): self = .real(double)
        case .string(let text): self = .text(text)
        case .blob(let data): self = .blob(data)
        }
    }

    /// What GRDB binds for it.
    var databaseValue: DatabaseValue {
        switch self {
        case .null: .null
        case .integer(let integer): integer.databaseValue
        case .real(let double): double.databaseValue
        case .text(let text): text.databaseValue
        case .blob(let data): data.databaseValue
        }
    }
}
