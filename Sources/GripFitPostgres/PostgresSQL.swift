import GRDB
import GripFitRecords

/// Statements built from parts: a session's INSERT from ``SessionRecord/values(_:)`` (so no
/// statement lists the columns by position) and WHERE clauses numbering their own `$n`.
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

    /// The INSERT of a session's columns, returning its id, or no row where the device already has
    /// a session at that start, or the history one of that name (StableName).
    static func insertSession(_ values: [(column: String, value: PostgresStatements.Value)])
        -> (sql: String, values: [PostgresStatements.Value])
    {
        let columns = values.map(\.column).joined(separator: ", ")
        let placeholders = values.indices.map { "$\($0 + 1)" }.joined(separator: ", ")
        return (
            "INSERT INTO session (\(columns)) VALUES (\(placeholders)) ON CONFLICT DO NOTHING RETURNING id",
            values.map(\.value)
        )
    }
}
