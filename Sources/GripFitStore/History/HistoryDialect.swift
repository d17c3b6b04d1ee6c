/// What differs between the engines' SQL, so one statement serves both: the rules
/// (``SQLHistory``) write `?` placeholders, which each engine numbers its own way, compare
/// subject codes case-blind each its own way, page by each one's index, and keep tombstones of
/// forgotten subjects only where stations hold copies (a server).
package struct HistoryDialect: Sendable {
    /// The `n`th placeholder (from 1): `?` or `$n`.
    package let placeholder: @Sendable (Int) -> String
    /// The condition that a code column equals the code bound to the next `?`, case-blind.
    package let sameCode: @Sendable (_ column: String) -> String
    /// The condition that a session is older in the listing's order (start, then id) than one that
    /// started at `start` with id `id`, with its values: stated so the engine reads its index backwards.
    package let olderThan: @Sendable (_ start: Int64, _ id: Int64) -> (condition: String, values: [StoredValue])
    /// The condition that a text column starts with `prefix`, with its values.
    package let startsWith: @Sendable (_ column: String, _ prefix: String) -> (condition: String, values: [StoredValue])
    /// The tombstones of forgotten subjects; nil where none are kept.
    package let erasure: HistoryErasure?
    /// Run in a forget's transaction after the deletes: what else would keep a trace of the
    /// forgotten rows (SQLite's AUTOINCREMENT counters).
    package let afterForget: [String]
    /// How many rows a long listing reads at a time through a cursor; nil where the statement is
    /// stepped a row at a time as it is read (SQLite).
    package let cursorBatch: Int?

    package init(
        placeholder: @escaping @Sendable (Int) -> String,
        sameCode: @escaping @Sendable (_ column: String) -> String,
        olderThan: @escaping @Sendable (_ start: Int64, _ id: Int64) -> (condition: String, values: [StoredValue]),
        startsWith: @escaping @Sendable (_ column: String, _ prefix: String) -> (condition: String, values: [StoredValue]),
        erasure: HistoryErasure?,
        afterForget: [String],
        cursorBatch: Int?
    ) {
        self.placeholder = placeholder
        self.sameCode = sameCode
        self.olderThan = olderThan
        self.startsWith = startsWith
        self.erasure = erasure
        self.afterForget = afterForget
        self.cursorBatch = cursorBatch
    }

    /// SQLite's: `?`; codes are `COLLATE NOCASE` in the schema, so their index serves the look-up.
    /// Older is said without a row value, which SQLite's planner would not read its index for. A
    /// forget sets each AUTOINCREMENT counter back to its table's highest id, so `sqlite_sequence`
    /// does not keep how many sessions and assessments there were (an id freed at the end may then
    /// be given again, which is why sessions are named by more than their number).
    package static let sqlite = HistoryDialect(
        placeholder: { _ in "?" },
        sameCode: { column in "\(column) = ?" },
        olderThan: { start, id in
            ("started_at_ms <= ? AND (started_at_ms < ? OR id < ?)", [.integer(start), .integer(start), .integer(id)])
        },
        startsWith: { column, prefix in ("substr(\(column), 1, ?) = ?", [.integer(Int64(prefix.count)), .text(prefix)]) },
        erasure: nil,
        afterForget: [
            """
            UPDATE sqlite_sequence SET seq = (CASE name WHEN 'session' THEN (SELECT coalesce(max(rowid), 0) FROM session)
                WHEN 'assessment' THEN (SELECT coalesce(max(rowid), 0) FROM assessment) ELSE seq END)
            """
        ],
        cursorBatch: nil
    )

    /// `sql` with each `?` made this dialect's placeholder, numbered in order; unchanged where the
    /// placeholder is `?` (SQLite), so a save does not copy its statements. The history's
    /// statements hold no `?` in a literal.
    package func numbered(_ sql: String) -> String {
        guard placeholder(1) != "?" else { return sql }
        var result: [UInt8] = []
        result.reserveCapacity(sql.utf8.count + 16)
        var next = 0
        for byte in sql.utf8 {
            guard byte == UInt8(ascii: "?") else {
                result.append(byte)
                continue
            }
            next += 1
            result += placeholder(next).utf8
        }
        return String(decoding: result, as: UTF8.self)
    }
}
