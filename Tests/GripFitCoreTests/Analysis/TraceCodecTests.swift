import GripFitCore
import Testing

struct TraceCodecTests {
    private let trace = RawTrace(
        samples: [
            RawSample(micros: 0, raw: 0), RawSample(micros: 100_012, raw: 8_388_607),
            RawSample(micros: 200_000, raw: -8_388_608), RawSample(micros: 300_001, raw: Int32.max),
            RawSample(micros: 400_000, raw: Int32.min),
        ],
        gaps: [TraceGap(startMicros: 450_000, endMicros: 1_200_000)]
    )

    @Test func roundTrips() throws {
        #expect(try TraceCodec.decode(TraceCodec.encode(trace)) == trace)
        #expect(try TraceCodec.decode(TraceCodec.encode(RawTrace())) == RawTrace())
    }

    @Test func isCompactForASteadyStream() {
        let steady = RawTrace(samples: (0..<1_000).map { RawSample(micros: Int64($0) * 100_000, raw: 5_000 + Int32($0 % 50)) })
        #expect(TraceCodec.encode(steady).count < 5_000)
    }

    @Test func everyTruncationIsAnError() {
        let bytes = TraceCodec.encode(trace)
        for length in 0..<bytes.count {
            #expect(throws: TraceCodecError.self) { try TraceCodec.decode(Array(bytes[0..<length])) }
        }
        #expect(throws: TraceCodecError.truncated) { try TraceCodec.decode(bytes + [0]) }
    }

    @Test func refusesAHugeCount() {
        let bytes = Array("GFT1".utf8) + [0xFF, 0xFF, 0xFF, 0xFF, 0x7F]
        #expect(throws: TraceCodecError.tooLarge(count: 34_359_738_367)) { try TraceCodec.decode(bytes) }
    }

    @Test func refusesAnotherFormat() {
        #expect(throws: TraceCodecError.badHeader) { try TraceCodec.decode(Array("PNG!".utf8)) }
    }
}

/// Crafted blobs (the fuzzer's and the issue's): each is an error, never a trap.
struct TraceCodecHostileTests {
    @Test func aRawValueThatOverflowsIsAnError() {
        // magic, 2 samples: (0 µs, raw 1), then (+0 µs, raw + Int64.max), no gaps.
        let huge: [UInt8] = [0xFE, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01]
        let blob = Array("GFT1".utf8) + [2, 0, 2, 0] + huge + [0]
        #expect(throws: TraceCodecError.valueOutOfRange) { try TraceCodec.decode(blob) }
    }

    @Test func aHeaderClaimingMillionsOfSamplesInAFewBytesIsAnError() {
        let blob = Array("GFT1".utf8) + [0x80, 0xAD, 0xE2, 0x04, 0, 0]
        #expect(throws: TraceCodecError.truncated) { try TraceCodec.decode(blob) }
    }

    @Test func anOverlongVarintIsAnError() {
        let blob = Array("GFT1".utf8) + [UInt8](repeating: 0xFF, count: 11) + [0]
        #expect(throws: TraceCodecError.self) { try TraceCodec.decode(blob) }
    }
}
