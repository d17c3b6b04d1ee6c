/// RFC 4180 fields on one line, read and written on Unicode scalars: a comma or quote followed by
/// a combining mark is still a separator, so it can neither hide from quoting nor add a field.
/// Export never writes line breaks inside a field (text is cleaned first), so import can read
/// line by line.
public enum CSVLine {
    /// Leading characters a spreadsheet takes for a formula (OWASP "CSV injection").
    static let formulaStarts: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r"]

    public static func join(_ fields: [String]) -> String {
        fields.map(quoted).joined(separator: ",")
    }

    /// Text that came from a user, a device or a file: a leading formula character gets an
    /// apostrophe before it, so a spreadsheet shows it as text. A leading apostrophe is doubled
    /// the same way, so ``untext(_:)`` gives back exactly what went in.
    public static func text(_ field: String) -> String {
        guard let first = field.unicodeScalars.first, formulaStarts.contains(first) || first == "'" else { return field }
        return "'" + field
    }

    /// The inverse of ``text(_:)``, for import.
    public static func untext(_ field: String) -> String {
        field.unicodeScalars.first == "'" ? String(field.unicodeScalars.dropFirst()) : field
    }

    static func quoted(_ field: String) -> String {
        guard field.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else {
            return field
        }
        var result = String.UnicodeScalarView()
        result.append("\"")
        for scalar in field.unicodeScalars {
            if scalar == "\"" { result.append("\"") }
            result.append(scalar)
        }
        result.append("\"")
        return String(result)
    }

    /// Nil when a quote is left open.
    public static func split(_ line: Substring) -> [String]? {
        var fields: [String] = []
        var field = String.UnicodeScalarView()
        var quoted = false
        var iterator = line.unicodeScalars.makeIterator()
        var pending = iterator.next()
        while let scalar = pending {
            pending = iterator.next()
            if quoted {
                if scalar == "\"" {
                    if pending == "\"" {
                        field.append("\"")
                        pending = iterator.next()
                    } else {
                        quoted = false
                    }
                } else {
                    field.append(scalar)
                }
            } else if scalar == "\"" && field.isEmpty {
                quoted = true
            } else if scalar == "," {
                fields.append(String(field))
                field = String.UnicodeScalarView()
            } else {
                field.append(scalar)
            }
        }
        guard !quoted else { return nil }
        fields.append(String(field))
        return fields
    }
}
