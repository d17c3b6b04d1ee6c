import GRDB

/// One stored row read column by column with its type and range checked. GRDB's typed subscripts
/// trap on a NULL or a wrong type; a damaged or hand-edited history must instead give a typed
/// error that names the session and the column, so the other sessions still read.
package struct StoredRow {
    let row: Row
    let session: Int64
    /// What the row is when not a session (`subject 'P1'`, `assessment A3`), for messages.
    var record: String?
    /// Each column's position, shared by the rows of one statement: GRDB finds a column by name
    /// case-blind, lowercasing it at every look-up, which was most of a long listing's time.
    var positions: ColumnPositions?
    /// The row's values by position, when `positions` are given.
    private var values: [DatabaseValue] = []

    package init(row: Row, session: Int64) {
        self.row = row
        self.session = session
    }

    /// A row given as its values by position, as one statement's rows are listed.
    package init(values: [DatabaseValue], session: Int64, positions: ColumnPositions) {
        row = Row()
        self.session = session
        self.positions = positions
        self.values = values
    }

    /// `row`'s values by position. By index and untyped: `databaseValues` makes each column's
    /// name too, and the generic subscript looks up type metadata for every value.
    static func values(of row: Row) -> [DatabaseValue] {
        (0..<row.count).map { (row[$0] as (any DatabaseValueConvertible)?)?.databaseValue ?? .null }
    }

    package init(row: Row, record: String) {
        self.row = row
        session = 0
        self.record = record
    }

    package func value<Value: DatabaseValueConvertible>(_ column: String) throws(StoreError) -> Value {
        guard let value: Value = try optional(column) else { throw damaged(column, "is missing") }
        return value
    }

    package func optional<Value: DatabaseValueConvertible>(_ column: String) throws(StoreError) -> Value? {
        let stored: DatabaseValue
        if let position = positions?.position(of: column), values.indices.contains(position) {
            stored = values[position]
        } else {
            stored = row[column] ?? .null
        }
        if stored.isNull { return nil }
        guard let value = Value.fromDatabaseValue(stored) else { throw damaged(column, "holds \(Self.kind(of: stored))") }
        return value
    }

    /// A finite number: what every summary figure and calibration must be.
    package func finite(_ column: String) throws(StoreError) -> Double {
        let value: Double = try value(column)
        guard value.isFinite else { throw damaged(column, "is \(value)") }
        return value
    }

    package func optionalFinite(_ column: String) throws(StoreError) -> Double? {
        guard let value: Double = try optional(column) else { return nil }
        guard value.isFinite else { throw damaged(column, "is \(value)") }
        return value
    }

    /// A count: an integer from 0 to `maximum`.
    package func count(_ column: String, maximum: Int = Int(Int32.max)) throws(StoreError) -> Int {
        let value: Int64 = try value(column)
        guard value >= 0, value <= Int64(maximum) else { throw damaged(column, "is \(value)") }
        return Int(value)
    }

    package func damaged(_ column: String, _ problem: String) -> StoreError {
        if let record { return .damagedRecord(what: record, detail: "\(column) \(problem)") }
        return .damagedSession(id: session, detail: "\(column) \(problem)")
    }

    /// The SQLite storage class, for messages.
    private static func kind(of value: DatabaseValue) -> String {
        switch value.storage {
        case .null: "NULL"
        case .int64: "an integer"
        case .double: "a real"
        case .string: "text"
        case .blob: "a blob"
        }
    }
}
