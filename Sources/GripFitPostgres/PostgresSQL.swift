import GripFitRecords

/// Statements built from parts: WHERE clauses numbering their own `$n`.
enum PostgresSQL {
    /// A WHERE clause built one condition at a time; each `$` in a condition becomes the next `$n`.
    struct Filter {
        var conditions: [String] = []
        var values: [PostgresStatements.Value] = []

        mutating func add(_ condition: String, _ arguments: PostgresStatements.Value...) {
            var numbered = ""
            var next = values.count
            for character in condition {
                numbered.append(character)
                if character == "$" {
                    next += 1
                    numbered += String(next)
                }
            }
            conditions.append(numbered)
            values += arguments
        }

        /// `WHERE … ` with a trailing space, or nothing.
        var clause: String { conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ") + " " }
    }
}
