import Foundation

/// RFC 4180 fields on one line. Export never writes line breaks inside a field (text is cleaned
/// first), so import can read line by line.
public enum CSVLine {
    public static func join(_ fields: [String]) -> String {
        fields.map { field in
            guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
            return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }.joined(separator: ",")
    }

    /// Nil when a quote is left open.
    static func split(_ line: Substring) -> [String]? {
        var fields: [String] = []
        var field = ""
        var quoted = false
        var iterator = line.makeIterator()
        var pending = iterator.next()
        while let character = pending {
            pending = iterator.next()
            if quoted {
                if character == "\"" {
                    if pending == "\"" {
                        field.append("\"")
                        pending = iterator.next()
                    } else {
                        quoted = false
                    }
                } else {
                    field.append(character)
                }
            } else if character == "\"" && field.isEmpty {
                quoted = true
            } else if character == "," {
                fields.append(field)
                field = ""
            } else {
                field.append(character)
            }
        }
        guard !quoted else { return nil }
        fields.append(field)
        return fields
    }
}
