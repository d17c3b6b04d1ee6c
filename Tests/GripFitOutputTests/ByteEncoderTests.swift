import GripFitOutput
import Testing

struct ByteEncoderTests {
    /// Lines with a header and a count at the end: what begin, add and finish each append.
    struct Counted: ByteEncoder {
        typealias Item = Int

        var count = 0

        mutating func begin(into bytes: inout [UInt8]) { bytes += Array("n\n".utf8) }

        mutating func add(_ item: Int, into bytes: inout [UInt8]) {
            count += 1
            bytes += Array("\(item)\n".utf8)
        }

        mutating func finish(into bytes: inout [UInt8]) { bytes += Array("# \(count)\n".utf8) }
    }

    @Test func anEncoderAppendsItsPartsToTheSinkInOrder() {
        var encoder: any ByteEncoder<Int, Never> = Counted()
        var bytes: [UInt8] = []
        encoder.begin(into: &bytes)
        for item in [3, 1] { encoder.add(item, into: &bytes) }
        encoder.finish(into: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "n\n3\n1\n# 2\n")
    }
}
