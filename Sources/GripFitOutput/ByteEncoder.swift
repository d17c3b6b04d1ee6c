/// One kind of thing written in one format, as NIO's `MessageToByteEncoder`: the bytes before the
/// first item (a header, a document's head), each item's as it comes, and those after the last,
/// appended to a byte sink the caller owns and writes out (a file, stdout once per wake-up, a
/// response). A format enum maps each of its cases to one encoder, so a new format is a case and
/// a type, and a switch that misses it does not compile.
public protocol ByteEncoder<Item, Failure> {
    associatedtype Item
    associatedtype Failure: Error = Never

    mutating func begin(into bytes: inout [UInt8]) throws(Failure)
    mutating func add(_ item: Item, into bytes: inout [UInt8]) throws(Failure)
    mutating func finish(into bytes: inout [UInt8]) throws(Failure)
}
