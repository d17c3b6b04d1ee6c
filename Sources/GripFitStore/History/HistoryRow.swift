/// One row a history's statement returned: its columns' names and neutral values
/// (``StoredValue``), whichever engine ran it.
package struct HistoryRow: Sendable {
    package let columns: [String]
    package let values: [StoredValue]

    package init(columns: [String], values: [StoredValue]) {
        self.columns = columns
        self.values = values
    }

    /// The value of the first column of that name, found case-blind as SQLite names columns;
    /// NULL when the row has none.
    package func value(_ column: String) -> StoredValue {
        if let position = columns.firstIndex(of: column) ?? columns.firstIndex(where: { $0.lowercased() == column.lowercased() }) {
            return values[position]
        }
        return .null
    }

    /// The column's value as `Value`; nil when NULL, missing or of another type. For ids, counts
    /// and flags the history writes itself: what a user may have damaged is read through ``StoredRow``.
    package subscript<Value: StoredValueConvertible>(_ column: String) -> Value? {
        Value(storedValue: value(column))
    }
}
