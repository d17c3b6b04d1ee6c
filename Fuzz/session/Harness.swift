import GripFitCore

/// libFuzzer target: bytes from a hostile dongle through the whole live path: the ``LinkPipeline``
/// that `LinkDriver` runs (framer → byte parser → link machine), then the recorder. The first
/// byte of each chunk sets the chunk's length and how far the clock moves, so splits and timeouts
/// are fuzzed too.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSession(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: count))
    let pipeline = LinkPipeline()
    var actions: [LinkAction] = []
    var recorder = SessionRecorder(start: .zero, calibration: nil, releaseThreshold: 1, capacity: 1_000)
    var now = MonotonicInstant.zero
    func run(_ input: LinkInput) {
        pipeline.handle(input, now: now, into: &actions)
        for action in actions {
            if case .report(let report) = action { _ = recorder.record(report, at: now) }
        }
        actions.removeAll(keepingCapacity: true)
    }
    run(.start)
    run(.portOpened)
    run(.submit(.device(.ping)))
    var index = 0
    while index < bytes.count {
        let control = bytes[index]
        let length = Int(control & 0x3F) + 1
        now = now + .milliseconds(Int64(control >> 6) * 700)
        if control == 0xFF { run(.portFailed(.removed)) }
        if control == 0xFE { run(.portOpened) }
        let chunk = bytes[min(bytes.count, index + 1)..<min(bytes.count, index + 1 + length)]
        index += 1 + length
        chunk.withUnsafeBufferPointer { pipeline.receive($0, run) }
        if let deadline = pipeline.machine.nextDeadline, deadline <= now { run(.tick) }
    }
    run(.stop)
    let trace = recorder.finish(at: now)
    precondition((try? TraceCodec.decode(TraceCodec.encode(trace))) == trace, "a recorded trace must round-trip")
    return 0
}
