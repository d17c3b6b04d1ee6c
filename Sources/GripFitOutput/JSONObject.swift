/// One JSON object with its keys in the order given, written by hand so `event` and `time` come
/// first in every JSONL line; strings go through ``JSONString``. The UTF-8 grows as fields are set,
/// rather than being joined from a field list at the end: `history --json` makes one per session
/// and writes its bytes without making a string of each.
public struct JSONObject: Sendable {
    /// The fields so far, comma-separated, without the braces.
    private var body: [UInt8] = []

    public init() {}

    /// Room for about `capacity` bytes of fields, for an object whose size is known roughly.
    public init(capacity: Int) {
        body.reserveCapacity(capacity)
    }

    public mutating func set(_ key: String, _ value: String) {
        appendKey(key)
        JSONString.append(value, to: &body)
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
        appendKey(key)
        value.write(to: &body)
    }

    public mutating func set(_ key: String, _ values: [JSONObject]) {
        appendKey(key)
        body.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { body.append(UInt8(ascii: ",")) }
            value.write(to: &body)
        }
        body.append(UInt8(ascii: "]"))
    }

    public mutating func set(_ key: String, _ values: [String]) {
        appendKey(key)
        body.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { body.append(UInt8(ascii: ",")) }
            JSONString.append(value, to: &body)
        }
        body.append(UInt8(ascii: "]"))
    }

    public mutating func set(_ key: String, _ values: [Int]) {
        append(key, "[" + values.map(String.init).joined(separator: ",") + "]")
    }

    public mutating func setNull(_ key: String) {
        append(key, "null")
    }

    public var text: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(body.count + 2)
        write(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The object's UTF-8 added to `bytes`.
    public func write(to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "{"))
        bytes.append(contentsOf: body)
        bytes.append(UInt8(ascii: "}"))
    }

    private mutating func appendKey(_ key: String) {
        if !body.isEmpty { body.append(UInt8(ascii: ",")) }
        JSONString.append(key, to: &body)
        body.append(UInt8(ascii: ":"))
    }

    /// A value already JSON: a number, a literal or an array of numbers.
    private mutating func append(_ key: String, _ value: String) {
        appendKey(key)
        var value = value
        value.withUTF8 { body.append(contentsOf: $0) }
    }
}
