import GripFitCore

/// libFuzzer target: bytes from a hostile dongle through the whole live path, as `SessionDriver`
/// runs it: framer → parser → session machine → recorder. The first byte of each chunk sets the
/// chunk's length and how far the clock moves, so splits and timeouts are fuzzed too.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSession(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: count))
    var framer = LineFramer()
    var machine = SessionMachine()
    var recorder = SessionRecorder(start: .zero, calibration: nil, releaseThreshold: 1, capacity: 1_000)
    var now = MonotonicInstant.zero
    func run(_ input: SessionInput) {
        for action in machine.handle(input, now: now) {
            if case .report(let report) = action { _ = recorder.record(report, at: now) }
        }
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
        for output in framer.append(chunk) {
            switch output {
            case .line(let line):
                switch MessageParser.parse(line) {
                case .success(let message): run(.message(message))
                case .failure(let error): run(.malformed(error))
                }
            case .error(let error):
                run(.framing(error))
            }
        }
        if let deadline = machine.nextDeadline, deadline <= now { run(.tick) }
    }
    run(.stop)
    let trace = recorder.finish(at: now)
    precondition((try? TraceCodec.decode(TraceCodec.encode(trace))) == trace, "a recorded trace must round-trip")
    return 0
}
