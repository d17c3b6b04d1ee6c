import GripFitCore
import GripFitOutput

/// `monitor`'s stream in one of its formats (``LiveStream/Format/encoder(unit:port:)``): the format's
/// header, then one line per event: a reading with its force as ``LiveStream`` writes it, a reading
/// without one by its format's byte fast path (unless it carries a port), any other event as its
/// format's line (``EventLines``); nothing after the last.
struct EventLineEncoder<Lines: EventLines>: ByteEncoder {
    typealias Item = StreamEvent

    let lines: Lines
    /// Each event's port tag, when several dongles are followed (nil for CSV, which has no port column).
    let port: String?

    func begin(into bytes: inout [UInt8]) {
        if let header = lines.header { EventEncoder.appendLine(header, to: &bytes) }
    }

    func add(_ event: StreamEvent, into bytes: inout [UInt8]) {
        if case .message(.reading(let raw)) = event.report {
            if let display = event.display {
                let line = LiveStream.reading(
                    raw,
                    kilograms: event.kilograms,
                    time: event.timeText,
                    display: display,
                    format: lines.format,
                    port: port
                )
                EventEncoder.appendLine(line, to: &bytes)
                return
            }
            if addPlainReading(raw, time: event.time, into: &bytes) { return }
        }
        if let line = lines.line(event.report, time: event.timeText, port: port) { EventEncoder.appendLine(line, to: &bytes) }
    }

    /// A reading without a force by the format's byte fast path; false, writing nothing, when
    /// events carry a port (the line is then built whole).
    func addPlainReading(_ raw: Int32, time: [UInt8], into bytes: inout [UInt8]) -> Bool {
        guard port == nil else { return false }
        lines.appendReading(raw, time: time, to: &bytes)
        return true
    }

    func finish(into bytes: inout [UInt8]) {}
}
