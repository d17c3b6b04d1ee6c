/// A server's tombstones of forgotten subjects (``HistoryDialect/erasure``): stations holding
/// copies learn from them to drop theirs, and an import never files the code again. Each statement
/// binds one value with `?`.
package struct HistoryErasure: Sendable {
    /// One row, `erased` 1 when a tombstone names the code bound.
    package let isErased: String
    /// Keeps a tombstone of the code bound.
    package let keep: String
    /// The `code`s among the comma-separated codes bound that a tombstone names.
    package let among: String

    package init(isErased: String, keep: String, among: String) {
        self.isErased = isErased
        self.keep = keep
        self.among = among
    }
}
