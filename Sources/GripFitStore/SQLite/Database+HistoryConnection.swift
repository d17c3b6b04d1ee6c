import Foundation
import GRDB
import GripFitRecords

/// A SQLite file's side of the seam: GRDB's `Database` inside the transaction `DatabaseQueue`
/// opened, its rows read as neutral values.
extension Database: HistoryConnection {
    package var dialect: HistoryDialect { .sqlite }

    package func rows(_ sql: String, _ values: [(any StoredValueConvertible)?]) throws -> [HistoryRow] {
        var rows: [HistoryRow] = []
        try eachRow(sql, values) { columns, values in rows.append(HistoryRow(columns: columns, values: values)) }
        return rows
    }

    package func eachRow(
        _ sql: String,
        _ values: [(any StoredValueConvertible)?],
        _ body: (_ columns: [String], _ values: [StoredValue]) throws -> Void
    ) throws {
        let statement = try makeStatement(sql: sql)
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

    @discardableResult
    package func execute(_ sql: String, _ values: [(any StoredValueConvertible)?]) throws -> Int {
        try execute(sql: sql, arguments: Self.arguments(values))
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
