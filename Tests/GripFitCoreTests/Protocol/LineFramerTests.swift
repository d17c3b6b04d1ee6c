import Testing

@testable import GripFitCore

/// Feeds the same input whole, byte by byte and in random chunks: framing must not depend on
/// where the transport happened to split it.
@Suite struct LineFramerTests {
    /// Every way of splitting `input` gives the same outputs.
    func frame(_ input: [UInt8], limit: Int = LineFramer.defaultMaximumLineLength) -> [LineFramer.Output] {
        var whole = LineFramer(maximumLineLength: limit)
        let expected = whole.append(input)

        var dripped = LineFramer(maximumLineLength: limit)
        var drip: [LineFramer.Output] = []
        for byte in input { drip += dripped.append([byte]) }
        #expect(drip == expected, "byte by byte")

        var random = SeededRandom(seed: UInt64(input.count))
        for _ in 0..<50 {
            var chunked = LineFramer(maximumLineLength: limit)
            var outputs: [LineFramer.Output] = []
            var index = 0
            while index < input.count {
                let size = Int(random.next() % 9) + 1
                let end = min(input.count, index + size)
                outputs += chunked.append(input[index..<end])
                index = end
            }
            #expect(outputs == expected, "random chunks")
        }
        return expected
    }

    @Test func specExampleFragmentedReading() {
        var framer = LineFramer()
        #expect(framer.append(Array("R:123".utf8)) == [])
        #expect(framer.append(Array("456\nR:789\n".utf8)) == [.line("R:123456"), .line("R:789")])
        #expect(frame(Array("R:123456\nR:789\n".utf8)) == [.line("R:123456"), .line("R:789")])
    }

    @Test func crlfAndLfEndingsIncludingSplitsBetweenThem() {
        let input = Array("S:READY\r\nR:1\nD:GRIPFIT,1.0\r\n\r\n\nR:-5\r\n".utf8)
        #expect(frame(input) == [.line("S:READY"), .line("R:1"), .line("D:GRIPFIT,1.0"), .line("R:-5")])
        var framer = LineFramer()
        #expect(framer.append(Array("R:7\r".utf8)) == [])
        #expect(framer.append(Array("\n".utf8)) == [.line("R:7")])
    }

    @Test func partialLineIsHeldUntilItsNewline() {
        var framer = LineFramer()
        #expect(framer.append(Array("R:12".utf8)) == [])
        #expect(framer.pendingByteCount == 4)
    }

    @Test func lineAtTheLimitPassesAndOneBeyondIsDroppedOnceThenResyncs() {
        let exact = String(repeating: "a", count: 256)
        #expect(frame(Array((exact + "\r\n").utf8)) == [.line(exact)])

        let long = Array(String(repeating: "9", count: 1000).utf8)
        let outputs = frame(long + Array("\nR:42\n".utf8))
        #expect(outputs == [.error(.lineTooLong(head: Array(long.prefix(256)))), .line("R:42")])
    }

    @Test func overflowWithoutNewlineIsReportedOnlyOnce() {
        var framer = LineFramer(maximumLineLength: 8)
        let outputs = framer.append([UInt8](repeating: 0x41, count: 100))
        #expect(outputs.count == 1)
        #expect(framer.append([UInt8](repeating: 0x41, count: 100)) == [])
        #expect(framer.append(Array("\nok\n".utf8)) == [.line("ok")])
    }

    @Test func invalidUTF8IsATypedErrorWithTheRawBytes() {
        let bad: [UInt8] = [0x52, 0x3A, 0xFF, 0xFE]
        #expect(frame(bad + [0x0A] + Array("R:1\n".utf8)) == [.error(.invalidUTF8(bad)), .line("R:1")])
    }

    @Test func multibyteCharactersSplitAcrossChunksSurvive() {
        #expect(frame(Array("D:GRIPFIT,1.0-ß€😀\n".utf8)) == [.line("D:GRIPFIT,1.0-ß€😀")])
    }

    @Test func resetDropsThePartialLineAndAnOverflow() {
        var framer = LineFramer(maximumLineLength: 4)
        _ = framer.append(Array("R:12".utf8))
        framer.reset()
        #expect(framer.append(Array("3\n".utf8)) == [.line("3")])
        _ = framer.append(Array("123456".utf8))
        framer.reset()
        #expect(framer.append(Array("R:9\n".utf8)) == [.line("R:9")])
    }
}
