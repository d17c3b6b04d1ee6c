import GripFitCore
import GripFitOutput

/// `monitor`'s plain lines (stdout no terminal): one per event (``EventEncoder/text(_:time:)``),
/// device text made visible, each starting with `[port]` when several dongles are followed.
struct TextEventEncoder: ByteEncoder {
    typealias Item = StreamEvent

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
                    format: .text,
                    port: port
                )
                EventEncoder.appendLine(line, to: &bytes)
                return
            }
            if port == nil {
                EventEncoder.appendText(reading: raw, time: event.time, to: &bytes)
                return
            }
        }
        if let line = EventEncoder.text(event.report, time: event.timeText) {
            EventEncoder.appendLine(Self.tagged(line, port: port), to: &bytes)
        }
    }

    func finish(into bytes: inout [UInt8]) {}

    /// A text line as `monitor` prints it for one of several dongles: `[port] ` first.
    static func tagged(_ line: String, port: String?) -> String {
        port.map { "[\(UntrustedText.escaped($0))] \(line)" } ?? line
    }
}
