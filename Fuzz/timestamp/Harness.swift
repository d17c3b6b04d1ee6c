import GripFitCore

/// libFuzzer target: `history --since` and `started_at` text. Whatever parses formats back to text
/// that parses to the same millisecond, and every millisecond in range round-trips.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTimestamp(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: count))
    if let milliseconds = RFC3339.parse(String(decoding: bytes, as: UTF8.self)) {
        precondition(RFC3339.range.contains(milliseconds))
        precondition(RFC3339.parse(RFC3339.format(milliseconds: milliseconds)) == milliseconds)
    }
    if bytes.count >= 8 {
        let raw = bytes.prefix(8).reduce(Int64(0)) { $0 << 8 | Int64($1) }
        let text = RFC3339.format(milliseconds: raw)
        let clamped = min(max(raw, RFC3339.range.lowerBound), RFC3339.range.upperBound)
        precondition(RFC3339.parse(text) == clamped, "\(raw) → \(text)")
    }
    return 0
}
