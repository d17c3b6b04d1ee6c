import Testing

@testable import GripFitCore

/// The byte entry point reads well-formed readings itself and hands every other line to the
/// `String` parser: both must give the same result for any line.
@Suite struct MessageParserBytesTests {
    func parseBytes(_ line: String) -> Result<Message, MessageParseError> {
        Array(line.utf8).withUnsafeBufferPointer { MessageParser.parse($0) }
    }

    @Test(arguments: [
        "R:834572", "R:0", "R:-0", "R:+0", "R:+17", "R:-8388608", "R:2147483647", "R:2147483648",
        "R:-2147483648", "R:-2147483649", "R:00000000000000000000000000012", "R:99999999999999999999999",
        "R:", "R:+", "R:-", "R:+-1", "R:1-", "R: 1", "R:1 ", "R:12a", "R:1\r2", "R:1\u{301}", "R:\u{301}1",
        "R:١٢", "R:１２", "R", "R;1", "r:1", "S:READY", "S:RATE:50", "D:GRIPFIT,1.0", "B:SCANNING", "garbage",
    ])
    func agreesWithTheStringParser(line: String) {
        #expect(parseBytes(line) == MessageParser.parse(line))
    }

    @Test func agreesOnRandomReadingLikeLines() {
        let pieces = ["R:", "R", ":", "-", "+", "0", "1", "7", "9", "2147483648", "x", " ", "\u{301}"]
        var random = SeededRandom(seed: 11)
        for _ in 0..<5000 {
            var line = "R:"
            for _ in 0..<Int(random.next() % 8) { line += pieces[Int(random.next() % UInt64(pieces.count))] }
            #expect(parseBytes(line) == MessageParser.parse(line), "\(line)")
        }
    }
}
