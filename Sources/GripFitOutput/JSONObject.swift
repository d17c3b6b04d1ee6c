/// One JSON object with its keys in the order given, written by hand so `event` and `time` come
/// first in every JSONL line; strings go through ``JSONString``.
public struct JSONObject: Sendable {
    private var fields: [(String, String)] = []

    public init() {}

    public mutating func set(_ key: String, _ value: String) {
        fields.append((key, JSONString.quoted(value)))
    }

    public mutating func set(_ key: String, _ value: Int) {
        fields.append((key, String(value)))
    }

    public mutating func set(_ key: String, _ value: Double) {
        fields.append((key, value.isFinite ? String(value) : "null"))
    }

    public mutating func set(_ key: String, _ value: Bool) {
        fields.append((key, value ? "true" : "false"))
    }

    public mutating func set(_ key: String, _ value: JSONObject) {
        fields.append((key, value.text))
    }

    public mutating func set(_ key: String, _ values: [JSONObject]) {
        fields.append((key, "[" + values.map(\.text).joined(separator: ",") + "]"))
    }

    public mutating func set(_ key: String, _ values: [Int]) {
        fields.append((key, "[" + values.map(String.init).joined(separator: ",") + "]"))
    }

    public mutating func setNull(_ key: String) {
        fields.append((key, "null"))
    }

    public var text: String {
        "{" + fields.map { "\(JSONString.quoted($0.0)):\($0.1)" }.joined(separator: ",") + "}"
    }
}
