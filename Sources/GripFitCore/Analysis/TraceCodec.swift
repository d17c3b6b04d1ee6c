/// A compact binary form of a ``RawTrace``: deltas as zig-zag varints, so a steady 100 ms stream
/// costs about 3 bytes a reading before compression. Decoding checks every length.
public enum TraceCodec {
    static let magic: [UInt8] = Array("GFT1".utf8)
    /// Refuses counts no recorder could produce, so a corrupt header cannot ask for gigabytes.
    public static let maximumCount: UInt64 = 10_000_000

    public static func encode(_ trace: RawTrace) -> [UInt8] {
        var bytes = magic
        bytes.reserveCapacity(8 + trace.samples.count * 4 + trace.gaps.count * 6)
        appendVarint(UInt64(trace.samples.count), to: &bytes)
        var previous = RawSample(micros: 0, raw: 0)
        for sample in trace.samples {
            appendSigned(sample.micros &- previous.micros, to: &bytes)
            appendSigned(Int64(sample.raw) - Int64(previous.raw), to: &bytes)
            previous = sample
        }
        appendVarint(UInt64(trace.gaps.count), to: &bytes)
        for gap in trace.gaps {
            appendSigned(gap.startMicros, to: &bytes)
            appendSigned(gap.endMicros &- gap.startMicros, to: &bytes)
        }
        return bytes
    }

    public static func decode(_ bytes: [UInt8]) throws(TraceCodecError) -> RawTrace {
        guard bytes.count >= magic.count, Array(bytes[0..<magic.count]) == magic else { throw .badHeader }
        var reader = Reader(bytes: bytes, position: magic.count)
        let sampleCount = try reader.count()
        var samples: [RawSample] = []
        // Each sample takes at least two bytes, so a header cannot reserve more than the blob holds.
        samples.reserveCapacity(min(Int(sampleCount), (bytes.count - reader.position) / 2))
        var micros: Int64 = 0
        var raw: Int64 = 0
        for _ in 0..<sampleCount {
            micros = micros &+ (try reader.signed())
            // A delta that leaves Int64, or a sum that leaves Int32, is corruption, not a trap.
            let (sum, overflow) = raw.addingReportingOverflow(try reader.signed())
            guard !overflow, let value = Int32(exactly: sum) else { throw .valueOutOfRange }
            raw = sum
            samples.append(RawSample(micros: micros, raw: value))
        }
        let gapCount = try reader.count()
        var gaps: [TraceGap] = []
        for _ in 0..<gapCount {
            let start = try reader.signed()
            let length = try reader.signed()
            gaps.append(TraceGap(startMicros: start, endMicros: start &+ length))
        }
        guard reader.position == bytes.count else { throw .truncated }
        return RawTrace(samples: samples, gaps: gaps)
    }

    private static func appendSigned(_ value: Int64, to bytes: inout [UInt8]) {
        appendVarint(UInt64(bitPattern: (value << 1) ^ (value >> 63)), to: &bytes)
    }

    private static func appendVarint(_ value: UInt64, to bytes: inout [UInt8]) {
        var remaining = value
        while remaining >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: remaining) | 0x80)
            remaining >>= 7
        }
        bytes.append(UInt8(remaining))
    }

    private struct Reader {
        let bytes: [UInt8]
        var position: Int

        mutating func count() throws(TraceCodecError) -> UInt64 {
            let value = try varint()
            guard value <= TraceCodec.maximumCount else { throw .tooLarge(count: value) }
            return value
        }

        mutating func signed() throws(TraceCodecError) -> Int64 {
            let value = try varint()
            return Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1)
        }

        mutating func varint() throws(TraceCodecError) -> UInt64 {
            var result: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                guard position < bytes.count else { throw .truncated }
                let byte = bytes[position]
                position += 1
                guard shift < 64 else { throw .valueOutOfRange }
                result |= UInt64(byte & 0x7F) << shift
                if byte & 0x80 == 0 { return result }
                shift += 7
            }
        }
    }
}
