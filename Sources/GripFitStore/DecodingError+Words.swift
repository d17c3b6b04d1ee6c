import Foundation

/// A JSON import's decoding error in words, with the place in the file as its keys are spelled
/// there (`sessions[0].started_at`), instead of Foundation's `DecodingError` dump. The keys and
/// the debug description may quote the file: callers escape the result.
extension DecodingError {
    var words: String {
        switch self {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            "it is not valid JSON"
        case .dataCorrupted(let context):
            // Foundation's words name the value the file holds there ("invalid String value lefty").
            "\(Self.place(context.codingPath)) does not read (\(context.debugDescription))"
        case .keyNotFound(let key, let context) where context.codingPath.isEmpty:
            "it has no \"\(Self.snakeCase(key.stringValue))\" field"
        case .keyNotFound(let key, let context):
            "\(Self.place(context.codingPath + [key])) is missing"
        case .typeMismatch(let type, let context):
            "\(Self.place(context.codingPath)) is not \(Self.kind(type))"
        case .valueNotFound(let type, let context):
            "\(Self.place(context.codingPath)) is null instead of \(Self.kind(type))"
        @unknown default:
            "it does not read as a gripfit export"
        }
    }

    private static func place(_ path: [any CodingKey]) -> String {
        guard !path.isEmpty else { return "the file" }
        return path.reduce("") { text, key in
            if let index = key.intValue { return text + "[\(index)]" }
            return text + (text.isEmpty ? "" : ".") + snakeCase(key.stringValue)
        }
    }

    /// The decoder converts keys from snake case; the file spells them so.
    private static func snakeCase(_ key: String) -> String {
        key.reduce("") { $0 + ($1.isUppercase ? "_" + $1.lowercased() : String($1)) }
    }

    private static func kind(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "text"
        case is Int.Type, is Int64.Type, is Int32.Type: "a whole number"
        case is Double.Type: "a number"
        case is Bool.Type: "true or false"
        default: String(describing: type).hasPrefix("Array<") ? "a list" : "an object"
        }
    }
}
