import Foundation

/// A JSON import's decoding error in words, with the place in the file as its keys are spelled
/// there (`sessions[0].started_at`), instead of Foundation's `DecodingError` dump. The keys and
/// the debug description may quote the file: callers escape the result.
extension DecodingError {
    var words: String { words(under: "") }

    /// The words for a piece of the file decoded alone (a streamed import's session), its place
    /// spelled from `base` (`sessions[3]`).
    func words(under base: String) -> String {
        switch self {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            base.isEmpty ? "it is not valid JSON" : "\(base) is not valid JSON"
        case .dataCorrupted(let context):
            // Foundation's words name the value the file holds there ("invalid String value lefty").
            "\(Self.place(context.codingPath, base: base)) does not read (\(context.debugDescription))"
        case .keyNotFound(let key, let context) where context.codingPath.isEmpty && base.isEmpty:
            "it has no \"\(Self.snakeCase(key.stringValue))\" field"
        case .keyNotFound(let key, let context):
            "\(Self.place(context.codingPath + [key], base: base)) is missing"
        case .typeMismatch(let type, let context):
            "\(Self.place(context.codingPath, base: base)) is not \(Self.kind(type))"
        case .valueNotFound(let type, let context):
            "\(Self.place(context.codingPath, base: base)) is null instead of \(Self.kind(type))"
        @unknown default:
            "it does not read as a gripfit export"
        }
    }

    private static func place(_ path: [any CodingKey], base: String) -> String {
        guard !path.isEmpty || !base.isEmpty else { return "the file" }
        return path.reduce(base) { text, key in
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
