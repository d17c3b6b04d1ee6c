import GripFitCore

/// Reads one exported session's `trace` member straight from its bytes, so the decoder sees the
/// session with an empty trace: a trace is most of a session's JSON, and Foundation's decoder
/// builds an array and a few boxes per `[micros, raw]` pair, which made it most of an import's time.
///
/// Only the form `export` writes is taken: a `trace` key once, at the session's top level, written
/// without escapes, holding `samples` and `gaps` once each, every pair two integers (no fraction or
/// exponent, 18 digits at most), every raw count an `Int32`, and no more entries than a stored
/// trace holds. Anything else yields `nil` and the decoder reads the session whole, as it always
/// has, so a malformed trace is refused with the decoder's words and the importer's checks.
struct TraceScan {
    /// The session's JSON with its trace's value replaced by an empty trace.
    let rest: [UInt8]
    let trace: RawTrace

    private static let emptyTrace = Array(#"{"samples":[],"gaps":[]}"#.utf8)

    /// The session `bytes` holds, its trace taken out; `nil` when the trace is not in `export`'s form.
    init?(_ bytes: [UInt8]) {
        var reader = Reader(bytes)
        guard let range = reader.traceValue() else { return nil }
        var trace = Reader(Array(bytes[range]))
        guard let parsed = trace.trace() else { return nil }
        self.trace = parsed
        rest = Array(bytes[..<range.lowerBound]) + Self.emptyTrace + Array(bytes[range.upperBound...])
    }

    /// A cursor over JSON bytes that gives up (`nil`) at the first thing outside the fast form.
    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
        }

        /// Where the top-level `trace` member's value lies, when there is exactly one.
        mutating func traceValue() -> Range<Int>? {
            skipSpace()
            guard take(UInt8(ascii: "{")) else { return nil }
            var found: Range<Int>?
            skipSpace()
            if take(UInt8(ascii: "}")) { return nil }
            while true {
                skipSpace()
                guard let key = string() else { return nil }
                skipSpace()
                guard take(UInt8(ascii: ":")) else { return nil }
                skipSpace()
                let start = index
                guard skipValue() else { return nil }
                if key.elementsEqual("trace".utf8) {
                    guard found == nil else { return nil }
                    found = start..<index
                }
                skipSpace()
                if take(UInt8(ascii: ",")) { continue }
                guard take(UInt8(ascii: "}")) else { return nil }
                return found
            }
        }

        /// `{"samples": [[micros, raw], …], "gaps": [[start, end], …]}`, each key once.
        mutating func trace() -> RawTrace? {
            skipSpace()
            guard take(UInt8(ascii: "{")) else { return nil }
            var samples: [RawSample]?
            var gaps: [TraceGap]?
            repeat {
                skipSpace()
                guard let key = string() else { return nil }
                skipSpace()
                guard take(UInt8(ascii: ":")) else { return nil }
                if key.elementsEqual("samples".utf8), samples == nil {
                    guard let pairs = pairs(rawFits: true) else { return nil }
                    samples = pairs.map { RawSample(micros: $0.0, raw: Int32($0.1)) }
                } else if key.elementsEqual("gaps".utf8), gaps == nil {
                    guard let pairs = pairs(rawFits: false) else { return nil }
                    gaps = pairs.map { TraceGap(startMicros: $0.0, endMicros: $0.1) }
                } else {
                    return nil
                }
                skipSpace()
            } while take(UInt8(ascii: ","))
            skipSpace()
            guard take(UInt8(ascii: "}")), let samples, let gaps else { return nil }
            skipSpace()
            guard index == bytes.count else { return nil }
            return RawTrace(samples: samples, gaps: gaps)
        }

        /// `[[a, b], …]`; with `rawFits` every `b` must fit an `Int32`.
        private mutating func pairs(rawFits: Bool) -> [(Int64, Int64)]? {
            skipSpace()
            guard take(UInt8(ascii: "[")) else { return nil }
            var pairs: [(Int64, Int64)] = []
            skipSpace()
            if take(UInt8(ascii: "]")) { return pairs }
            repeat {
                skipSpace()
                guard take(UInt8(ascii: "[")), let first = integer() else { return nil }
                skipSpace()
                guard take(UInt8(ascii: ",")), let second = integer() else { return nil }
                skipSpace()
                guard take(UInt8(ascii: "]")) else { return nil }
                guard !rawFits || Int32(exactly: second) != nil, pairs.count < TraceCodec.maximumCount else { return nil }
                pairs.append((first, second))
                skipSpace()
            } while take(UInt8(ascii: ","))
            skipSpace()
            return take(UInt8(ascii: "]")) ? pairs : nil
        }

        /// `-?(0|[1-9][0-9]*)` of at most 18 digits (no overflow), not followed by a fraction or exponent.
        private mutating func integer() -> Int64? {
            skipSpace()
            let negative = take(UInt8(ascii: "-"))
            let start = index
            var value: Int64 = 0
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                value = value * 10 + Int64(bytes[index] - UInt8(ascii: "0"))
                index += 1
            }
            let digits = index - start
            guard digits > 0, digits <= 18, digits == 1 || bytes[start] != UInt8(ascii: "0") else { return nil }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") || bytes[index] | 0x20 == UInt8(ascii: "e") { return nil }
            if negative, value == 0 { return nil }
            return negative ? -value : value
        }

        /// A string's bytes between its quotes; one with an escape is not taken.
        private mutating func string() -> ArraySlice<UInt8>? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            let start = index
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\""):
                    index += 1
                    return bytes[start..<(index - 1)]
                case UInt8(ascii: "\\"):
                    return nil
                default:
                    index += 1
                }
            }
            return nil
        }

        /// Past one value of any kind: strings and their escapes followed, brackets counted. The
        /// decoder checks it afterwards; this only finds its end.
        private mutating func skipValue() -> Bool {
            var depth = 0
            var inString = false
            var escaped = false
            let start = index
            while index < bytes.count {
                let byte = bytes[index]
                if inString {
                    if escaped {
                        escaped = false
                    } else if byte == UInt8(ascii: "\\") {
                        escaped = true
                    } else if byte == UInt8(ascii: "\"") {
                        inString = false
                        if depth == 0 {
                            index += 1
                            return true
                        }
                    }
                    index += 1
                    continue
                }
                switch byte {
                case UInt8(ascii: "\""):
                    inString = true
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    if depth == 0 { return index > start }
                    depth -= 1
                    if depth == 0 {
                        index += 1
                        return true
                    }
                case UInt8(ascii: ","), 0x20, 0x0A, 0x0D, 0x09:
                    if depth == 0 { return index > start }
                default:
                    break
                }
                index += 1
            }
            return false
        }

        private mutating func skipSpace() {
            while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
        }

        private static func isSpace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
        }

        private mutating func take(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }
    }
}
