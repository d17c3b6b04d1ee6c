import GripFitCore

/// libFuzzer target: a stored trace blob, as a damaged history or a crafted file holds it. Decoding
/// either fails with a typed error or gives a trace that encodes back and decodes to itself.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTrace(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: count))
    guard let trace = try? TraceCodec.decode(bytes) else { return 0 }
    precondition((try? TraceCodec.decode(TraceCodec.encode(trace))) == trace, "a decoded trace must round-trip")
    return 0
}
