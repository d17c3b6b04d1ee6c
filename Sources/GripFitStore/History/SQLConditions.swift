/// A `WHERE` clause built one condition at a time, with its values in order: the listing's, the
/// count's and the page's, which each filter on a few optional fields.
struct SQLConditions {
    private var conditions: [String] = []
    private(set) var values: [(any StoredValueConvertible)?] = []

    /// Adds `condition`, its one `?` bound to `value`, unless `value` is nil (a filter's "any").
    mutating func add(_ condition: String, _ value: (any StoredValueConvertible)?) {
        guard let value else { return }
        conditions.append(condition)
        values.append(value)
    }

    /// Adds `condition` with the values of its `?`s.
    mutating func add(_ condition: String, values more: [StoredValue]) {
        conditions.append(condition)
        values += more.map { $0 as (any StoredValueConvertible)? }
    }

    /// ` WHERE … AND …`, with a leading space, or nothing.
    var clause: String { conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ") }
}
