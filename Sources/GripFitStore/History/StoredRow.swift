import GripFitRecords

/// One stored row read column by column with its type and range checked. A damaged or
/// hand-edited history must give a typed error that names the session and the column, never a
/// trap, so the other sessions still read. Reads neutral values (``HistoryRow``), so a server's
/// row and a file's decode alike.
package struct StoredRow {
    let row: HistoryRow
    let session: Int64
    /// What the row is when not a session (`subject 'P1'`, `assessment A3`), for messages.
    var record: String?
    /// Each column's position, shared by the rows of one statement: finding a column by name
    /// case-blind, lowercasing it at every look-up, was most of a long listing's time.
    var positions: ColumnPositions?

    package init(row: HistoryRow, session: Int64) {
        self.row = row
        self.session = session
    }

    /// A row given as its values by position, as one statement's rows are listed.
    package init(values: [StoredValue], session: Int64, positions: ColumnPositions) {
        row = HistoryRow(columns: [], values: values)
        self.session = session
        self.positions = positions
    }

    package init(row: HistoryRow, record: String) {
        self.row = row
        session = 0
        self.record = record
    }

    package func value<Value: StoredValueConvertible>(_ column: String) throws(StoreError) -> Value {
        guard let value: Value = try optional(column) else { throw damaged(column, "is missing") }
        return value
    }

    package func optional<Value: StoredValueConvertible>(_ column: String) throws(StoreError) -> Value? {
        let stored: StoredValue
        if let position = positions?.position(of: column), row.values.indices.contains(position) {
            stored = row.values[position]
        } else {
            stored = row.value(column)
        }
        if stored == .null { return nil }
        guard let value = Value(storedValue: stored) else { throw damaged(column, "holds \(stored.kind)") }
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
}
