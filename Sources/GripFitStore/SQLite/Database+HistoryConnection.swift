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
        let cursor = try Row.fetchCursor(self, sql: sql, arguments: Self.arguments(values))
        var columns: [String]?
        while let row = try cursor.next() {
            let names = columns ?? Array(row.columnNames)
            columns = names
            try body(names, Self.values(of: row))
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

    /// `row`'s values by position. By index and untyped: `databaseValues` makes each column's
    /// name too, and the generic subscript looks up type metadata for every value.
    static func values(of row: Row) -> [StoredValue] {
        (0..<row.count).map { StoredValue((row[$0] as (any DatabaseValueConvertible)?)?.databaseValue ?? .null) }
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
