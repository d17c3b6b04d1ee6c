/// One JSON object with its keys in the order given, written by hand so `event` and `time` come
/// first in every JSONL line and strings are escaped exactly as RFC 8259 says.
public struct JSONObject: Sendable {
    private var fields: [(String, String)] = []

    public init() {}

    public mutating func set(_ key: String, _ value: String) {
        fields.append((key, Self.quote(value)))
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

    public mutating func setNull(_ key: String) {
        fields.append((key, "null"))
    }

    public var text: String {
        "{" + fields.map { "\(Self.quote($0.0)):\($0.1)" }.joined(separator: ",") + "}"
    }

    public static func quote(_ string: String) -> String {
        var result = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
