/// Each column's position in the rows of one statement, found by name. A listing reads every row's
/// columns in the same order, so the position after the last one found is tried first: no name is
/// hashed (hashing each name of 100,000 rows was a sixth of `history --json`'s time), and a read
/// out of that order still finds its column by a scan.
package final class ColumnPositions {
    private let names: [String]
    private var next = 0

    package init(_ names: [String]) {
        self.names = names
    }

    /// The column's position, the first of that name; nil when the statement has none.
    package func position(of column: String) -> Int? {
        if next < names.count, names[next] == column {
            next += 1
            return next - 1
        }
        guard let found = names.firstIndex(of: column) else { return nil }
        next = found + 1
        return found
    }
}
