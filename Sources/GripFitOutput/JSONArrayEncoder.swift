/// A JSON array on one line, ended by a newline: each item's object (`row`) appended as it comes,
/// so a caller writing the bytes out in pieces holds one piece whatever the array's length.
/// `history --json` and `history --assessments --json`.
public struct JSONArrayEncoder<Item>: ByteEncoder {
    /// The item as its JSON object.
    private let row: (Item) -> JSONObject
    private var written = 0

    public init(row: @escaping (Item) -> JSONObject) {
        self.row = row
    }

    public func begin(into bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "["))
    }

    public mutating func add(_ item: Item, into bytes: inout [UInt8]) {
        if written > 0 { bytes.append(UInt8(ascii: ",")) }
        written += 1
        row(item).write(to: &bytes)
    }

    public func finish(into bytes: inout [UInt8]) {
        bytes += "]\n".utf8
    }
}
