import Testing

@testable import GripFitCore

@Suite struct CommandEncoderTests {
    @Test func deviceCommandsHaveTheSpecsExactBytes() throws {
        #expect(CommandEncoder.encode(.device(.tare)) == Array("CMD:TARE\n".utf8))
        #expect(CommandEncoder.encode(.device(.ping)) == Array("CMD:PING\n".utf8))
        #expect(CommandEncoder.encode(.device(.info)) == Array("CMD:INFO\n".utf8))
        #expect(CommandEncoder.encode(.device(.rate(try SampleRate(milliseconds: 50)))) == Array("CMD:RATE:50\n".utf8))
    }

    @Test(arguments: [19, 0, -1, 1001, 5, Int.max])
    func ratesOutsideTheSpecRangeAreRefusedBeforeAnythingIsBuilt(ms: Int) {
        #expect(throws: CommandError.rateOutOfRange(ms)) { try SampleRate(milliseconds: ms) }
    }

    @Test(arguments: [20, 100, 1000])
    func ratesAtTheBoundsAreAccepted(ms: Int) throws {
        #expect(try SampleRate(milliseconds: ms).milliseconds == ms)
    }

    /// The shared vectors: firmware-bridge's C++ dispatcher classifies the same lines.
    @Test func hostLinesFromTheSharedVectors() throws {
        let vectors = try ProtocolVectors.load().filter { $0.direction == "to-bridge" }
        #expect(vectors.count >= 10)
        for vector in vectors {
            #expect(CommandEncoder.encode(try vector.command()) == Array((vector.line + "\n").utf8))
        }
    }
}
