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
        _ sql: String, _ values: [(any StoredValueConvertible)?], _ body: (_ columns: [String], _ values: [StoredValue]) throws -> Void
    ) throws

    /// Runs `sql`; returns how many rows it changed.
    @discardableResult
    func execute(_ sql: String, _ values: [(any StoredValueConvertible)?]) throws -> Int
}

/// What differs between the engines' SQL, so one statement serves both: the rules
/// (``SQLHistory``) write `?` placeholders, which each engine numbers its own way, and compare
/// subject codes case-blind each its own way.
package struct HistoryDialect: Sendable {
    /// The `n`th placeholder (from 1): `?` or `$n`.
    package let placeholder: @Sendable (Int) -> String
    /// The condition that a code column equals the code bound to the next `?`, case-blind.
    package let sameCode: @Sendable (_ column: String) -> String

    package init(placeholder: @escaping @Sendable (Int) -> String, sameCode: @escaping @Sendable (_ column: String) -> String) {
        self.placeholder = placeholder
        self.sameCode = sameCode
    }

    /// SQLite's: `?`; codes are `COLLATE NOCASE` in the schema, so their index serves the look-up.
    package static let sqlite = HistoryDialect(placeholder: { _ in "?" }, sameCode: { column in "\(column) = ?" })

    /// PostgreSQL's: `$n`; codes compared lowercased, as the `subject_code_caseless` index holds them.
    package static let postgres = HistoryDialect(placeholder: { "$\($0)" }, sameCode: { column in "lower(\(column)) = lower(?)" })

    /// `sql` with each `?` made this dialect's placeholder, numbered in order. The history's
    /// statements hold no `?` in a literal.
    package func numbered(_ sql: String) -> String {
        var result = ""
        var next = 0
        for character in sql {
            guard character == "?" else {
                result.append(character)
                continue
            }
            next += 1
            result += placeholder(next)
        }
        return result
    }
}
