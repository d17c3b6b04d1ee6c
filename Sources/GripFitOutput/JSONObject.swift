/// One JSON object with its keys in the order given, written by hand so `event` and `time` come
/// first in every JSONL line; strings go through ``JSONString``. The text grows as fields are set,
/// rather than being joined from a field list at the end: `history --json` makes one per session.
public struct JSONObject: Sendable {
    /// The fields so far, comma-separated, without the braces.
    private var body = ""

    public init() {}

    public mutating func set(_ key: String, _ value: String) {
        append(key, JSONString.quoted(value))
    }

    public mutating func set(_ key: String, _ value: Int) {
        append(key, String(value))
    }

    public mutating func set(_ key: String, _ value: Double) {
        append(key, value.isFinite ? String(value) : "null")
    }

    public mutating func set(_ key: String, _ value: Bool) {
        append(key, value ? "true" : "false")
    }

    public mutating func set(_ key: String, _ value: JSONObject) {
        append(key, value.text)
    }

    public mutating func set(_ key: String, _ values: [JSONObject]) {
        append(key, "[" + values.map(\.text).joined(separator: ",") + "]")
    }

    public mutating func set(_ key: String, _ values: [Int]) {
        append(key, "[" + values.map(String.init).joined(separator: ",") + "]")
    }

    public mutating func setNull(_ key: String) {
        append(key, "null")
    }

    public var text: String {
        "{" + body + "}"
    }

    private mutating func append(_ key: String, _ value: String) {
        if !body.isEmpty { body.append(",") }
        body.append(JSONString.quoted(key))
        body.append(":")
        body.append(value)
    }
}
