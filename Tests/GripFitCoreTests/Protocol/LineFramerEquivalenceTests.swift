import Testing

@testable import GripFitCore

/// The contiguous-bytes framer against the byte-at-a-time one it replaced, on random streams rich
/// in the cases that matter: `\r` before and away from `\n`, lines at and past the limit, empty
/// lines, invalid and split UTF-8, all cut into random chunks.
@Suite struct LineFramerEquivalenceTests {
    static let alphabet: [[UInt8]] = [
        Array("R:834572".utf8), Array("\n".utf8), Array("\r".utf8), Array("\r\n".utf8), Array("a".utf8),
        Array("ß€😀".utf8), [0xFF], [0xE2, 0x82], [0x80], Array("S:READY".utf8), Array("123456789".utf8),
    ]

    @Test(arguments: [1, 2, 4, 8, 16, 256])
    func matchesTheByteAtATimeFramer(limit: Int) {
        var random = SeededRandom(seed: UInt64(limit))
        for _ in 0..<300 {
            var input: [UInt8] = []
            for _ in 0..<Int(random.next() % 60) {
                input += Self.alphabet[Int(random.next() % UInt64(Self.alphabet.count))]
            }
            if random.next() % 4 == 0 { input += [UInt8](repeating: 0x39, count: Int(random.next() % 600)) }

            var reference = ReferenceLineFramer(maximumLineLength: limit)
            let expected = reference.append(input)
            var framer = LineFramer(maximumLineLength: limit)
            var outputs: [LineFramer.Output] = []
            var index = 0
            while index < input.count {
                let end = min(input.count, index + Int(random.next() % 40) + 1)
                outputs += framer.append(input[index..<end])
                index = end
            }
            #expect(outputs == expected, "\(input)")
        }
    }

    @Test func linesAreLentWithoutLosingTheFramersState() {
        var framer = LineFramer(maximumLineLength: 8)
        var seen: [String] = []
        let chunks = ["R:1\nR:2", "2\r", "\nR:333333333\nR:4\n"]
        for chunk in chunks {
            Array(chunk.utf8).withUnsafeBufferPointer { bytes in
                framer.frame(bytes) { frame in
                    switch frame {
                    case .line(let line): seen.append(String(decoding: line, as: UTF8.self))
                    case .error(let error): seen.append("error \(error.rawBytes.count)")
                    }
                }
            }
        }
        #expect(seen == ["R:1", "R:22", "error 8", "R:4"])
        #expect(framer.pendingByteCount == 0)
    }
}
