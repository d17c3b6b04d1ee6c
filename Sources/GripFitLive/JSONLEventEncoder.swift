import GripFitCore
import GripFitOutput

/// `monitor --format jsonl`: one JSON object per event (``EventEncoder/jsonl(_:time:port:)``), a
/// reading by the byte fast path unless it carries a force or a port; nothing before or after.
struct JSONLEventEncoder: ByteEncoder {
    typealias Item = StreamEvent

    /// Each event's "port" field, when several dongles are followed.
    let port: String?

    func begin(into bytes: inout [UInt8]) {}

    func add(_ event: StreamEvent, into bytes: inout [UInt8]) {
        if case .message(.reading(let raw)) = event.report {
            if let display = event.display {
                let line = LiveStream.reading(
                    raw,
                    kilograms: event.kilograms,
                    time: event.timeText,
                    display: display,
                    format: .jsonl,
                    port: port
                )
                EventEncoder.appendLine(line, to: &bytes)
                return
            }
            if port == nil {
                EventEncoder.appendJSONL(reading: raw, time: event.time, to: &bytes)
                return
            }
        }
        if let line = EventEncoder.jsonl(event.report, time: event.timeText, port: port) { EventEncoder.appendLine(line, to: &bytes) }
    }

    func finish(into bytes: inout [UInt8]) {}
}
