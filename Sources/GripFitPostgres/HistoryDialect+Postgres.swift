import GripFitStore

extension HistoryDialect {
    /// PostgreSQL's: `$n`; codes compared lowercased, as the `subject_code_caseless` index holds them;
    /// older as a row value, which its index on (start, id) answers; tombstones kept as keyed digests
    /// of the code (``PostgresSchema/erasureDigest(_:)``), never the code; a long listing read a
    /// thousand rows at a time (a round trip each, a few hundred kilobytes held).
    static let postgres = HistoryDialect(
        placeholder: { "$\($0)" },
        sameCode: { column in "lower(\(column)) = lower(?)" },
        olderThan: { start, id in ("(started_at_ms, id) < (?, ?)", [.integer(start), .integer(id)]) },
        startsWith: { column, prefix in ("\(column) LIKE ?", [.text(prefix + "%")]) },
        erasure: HistoryErasure(
            isErased: "SELECT EXISTS (SELECT 1 FROM subject_erasure WHERE digest = \(PostgresSchema.erasureDigest("?"))) AS erased",
            keep: "INSERT INTO subject_erasure (digest) VALUES (\(PostgresSchema.erasureDigest("?"))) ON CONFLICT DO NOTHING",
            // Codes are letters, digits, `.`, `_` and `-` (``Subject/check(code:)``): a comma separates them.
            among: """
                SELECT code FROM unnest(string_to_array(?, ',')) AS code
                WHERE \(PostgresSchema.erasureDigest("code")) IN (SELECT digest FROM subject_erasure)
                """
        ),
        afterForget: [],
        cursorBatch: 1_000
    )
}
