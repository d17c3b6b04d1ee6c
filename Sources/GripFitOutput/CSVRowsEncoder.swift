/// A CSV file: the column names, then one row per item (`fields`, each already a CSV field:
/// ``CSVLine/text(_:)`` where it is text) as it comes; nothing after the last.
/// `history --format csv` and `history --assessments --format csv`.
public struct CSVRowsEncoder<Item>: ByteEncoder {
    private let header: [String]
    private let fields: (Item) -> [String]

    public init(header: [String], fields: @escaping (Item) -> [String]) {
        self.header = header
        self.fields = fields
    }

    public func begin(into bytes: inout [UInt8]) {
        Self.append(header, to: &bytes)
    }

    public func add(_ item: Item, into bytes: inout [UInt8]) {
        Self.append(fields(item), to: &bytes)
    }

    public func finish(into bytes: inout [UInt8]) {}

    private static func append(_ fields: [String], to bytes: inout [UInt8]) {
        bytes += CSVLine.join(fields).utf8
        bytes.append(UInt8(ascii: "\n"))
    }
}
