import Testing

@testable import GripFitNetworkPort

@Suite struct RFC2217CodecTests {
    let iac: UInt8 = 255, will: UInt8 = 251, wont: UInt8 = 252, `do`: UInt8 = 253, dont: UInt8 = 254
    let sb: UInt8 = 250, se: UInt8 = 240

    @Test func openingOffersBinarySGAAndComPortAndAsksForBinaryAndSGA() {
        var codec = RFC2217Codec()
        #expect(codec.opening() == [iac, will, 0, iac, will, 3, iac, will, 44, iac, `do`, 0, iac, `do`, 3])
    }

    @Test func acceptingComPortSendsTheLineSettingsOnce() {
        var codec = RFC2217Codec()
        _ = codec.opening()
        let first = codec.decode([iac, `do`, 44])
        // 115200 = 0x0001C200; 8 data bits; parity NONE (1); 1 stop bit; DTR on (8); RTS on (11).
        #expect(
            first.replies == [
                iac, sb, 44, 1, 0x00, 0x01, 0xC2, 0x00, iac, se,
                iac, sb, 44, 2, 8, iac, se,
                iac, sb, 44, 3, 1, iac, se,
                iac, sb, 44, 4, 1, iac, se,
                iac, sb, 44, 5, 8, iac, se,
                iac, sb, 44, 5, 11, iac, se,
            ]
        )
        #expect(first.data.isEmpty)
        #expect(codec.portConfigured)
        #expect(codec.decode([iac, `do`, 44]).replies.isEmpty)
    }

    @Test func answersOnlyChangesAndRefusesWhatItDoesNotSupport() {
        var codec = RFC2217Codec()
        _ = codec.opening()
        // Acknowledgements of our own requests need no reply.
        #expect(codec.decode([iac, will, 0, iac, `do`, 0, iac, will, 3]).replies.isEmpty)
        // ECHO and LINEMODE are not wanted: refused, every time they are asked.
        #expect(codec.decode([iac, will, 1]).replies == [iac, dont, 1])
        #expect(codec.decode([iac, `do`, 34]).replies == [iac, wont, 34])
        // A server that turns BINARY off is acknowledged once.
        #expect(codec.decode([iac, wont, 0]).replies == [iac, dont, 0])
        #expect(codec.decode([iac, wont, 0]).replies.isEmpty)
        // A server asking for an option we never offered gets WILL.
        var fresh = RFC2217Codec()
        #expect(fresh.decode([iac, `do`, 3]).replies == [iac, will, 3])
    }

    @Test func unescapesDataAndDropsCommandsAndSubnegotiations() {
        var codec = RFC2217Codec()
        let input: [UInt8] =
            Array("R:1\n".utf8) + [iac, iac, 0xFE] + [iac, 241] + [iac, sb, 44, 101, 0, 1, 0xC2, 0, iac, se]
            + [iac, sb, 44, 106, iac, iac, iac, se] + Array("R:2\n".utf8)
        let decoded = codec.decode(input)
        #expect(decoded.data == Array("R:1\n".utf8) + [0xFF, 0xFE] + Array("R:2\n".utf8))
        #expect(decoded.replies.isEmpty)
    }

    @Test func sameResultWhateverTheChunking() {
        let input: [UInt8] =
            [iac, will, 3] + Array("B:BRIDGE,1\n".utf8) + [iac, iac, iac, sb, 44, 106, 0, iac, se]
            + [iac, `do`, 44] + Array("R:5\n".utf8) + [iac, iac]
        var whole = RFC2217Codec()
        _ = whole.opening()
        let expected = whole.decode(input)
        for size in 1...5 {
            var codec = RFC2217Codec()
            _ = codec.opening()
            var data: [UInt8] = []
            var replies: [UInt8] = []
            for start in stride(from: 0, to: input.count, by: size) {
                let part = codec.decode(Array(input[start..<min(start + size, input.count)]))
                data += part.data
                replies += part.replies
            }
            #expect(data == expected.data)
            #expect(replies == expected.replies)
        }
        #expect(expected.data == Array("B:BRIDGE,1\n".utf8) + [0xFF] + Array("R:5\n".utf8) + [0xFF])
    }

    @Test func escapesEveryIAC() {
        #expect(RFC2217Codec.escape([1, 255, 2, 255, 255]) == [1, 255, 255, 2, 255, 255, 255, 255])
    }

    @Test func oversizedSubnegotiationIsSkippedWithoutGrowing() {
        var codec = RFC2217Codec()
        let decoded = codec.decode([iac, sb, 44, 0] + [UInt8](repeating: 65, count: 10_000) + [iac, se] + Array("R:7\n".utf8))
        #expect(decoded.data == Array("R:7\n".utf8))
    }
}
