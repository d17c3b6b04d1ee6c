/// A JSON array on one line, ended by a newline: each item's object (`row`) appended as it comes,
/// so a caller writing the bytes out in pieces holds one piece whatever the array's length.
/// `history --json` and `history --assessments --json`.
public struct JSONArrayEncoder<Item>: ByteEncoder {
    /// Sets the item's fields on its object, which is written in place.
    private let fill: (Item, inout JSONObject) -> Void
    private var written = 0

    /// Each item's fields set straight onto the output (``JSONObject/write(to:_:)``): no object per item.
    public init(fill: @escaping (Item, inout JSONObject) -> Void) {
        self.fill = fill
    }

    /// Each item as an object of its own.
    public init(row: @escaping (Item) -> JSONObject) {
        fill = { item, object in object.set(fieldsOf: row(item)) }
    }

    public func begin(into bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "["))
    }

    public mutating func add(_ item: Item, into bytes: inout [UInt8]) {
        if written > 0 { bytes.append(UInt8(ascii: ",")) }
        written += 1
        JSONObject.write(to: &bytes) { fill(item, &$0) }
    }

    public func finish(into bytes: inout [UInt8]) {
        bytes += "]\n".utf8
    }
}
