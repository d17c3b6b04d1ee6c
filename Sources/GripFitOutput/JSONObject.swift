/// One JSON object with its keys in the order given, written by hand so `event` and `time` come
/// first in every JSONL line; strings go through ``JSONString``. The UTF-8 grows as fields are set,
/// rather than being joined from a field list at the end: `history --json` makes one per session
/// and writes its bytes without making a string of each.
public struct JSONObject: Sendable {
    /// The fields so far, comma-separated, without the braces; after `start` when the object is
    /// written in place (``write(to:_:)``), where the bytes before it are the caller's.
    private var body: [UInt8] = []
    private var start = 0

    public init() {}

    /// Room for about `capacity` bytes of fields, for an object whose size is known roughly.
    public init(capacity: Int) {
        body.reserveCapacity(capacity)
    }

    /// The object `fill` sets, written straight onto the end of `bytes` rather than into a buffer
    /// of its own: `history --json` writes 100,000 rows this way without a copy of each.
    public static func write(to bytes: inout [UInt8], _ fill: (inout JSONObject) throws -> Void) rethrows {
        bytes.append(UInt8(ascii: "{"))
        var object = JSONObject()
        swap(&object.body, &bytes)
        object.start = object.body.count
        // Swapped back whatever `fill` does, so `bytes` never loses what it held.
        defer {
            swap(&object.body, &bytes)
            bytes.append(UInt8(ascii: "}"))
        }
        try fill(&object)
    }

    /// `other`'s fields after this object's.
    public mutating func set(fieldsOf other: JSONObject) {
        guard !other.body.isEmpty else { return }
        if body.count > start { body.append(UInt8(ascii: ",")) }
        body.append(contentsOf: other.body)
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
        if body.count > start { body.append(UInt8(ascii: ",")) }
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
