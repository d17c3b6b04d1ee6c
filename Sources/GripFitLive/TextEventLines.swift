import GripFitCore
import GripFitOutput

/// `monitor`'s plain lines (stdout no terminal): one per event (``EventEncoder/text(_:time:)``),
/// device text made visible, each starting with `[port]` when several dongles are followed.
struct TextEventLines: EventLines {
    var format: LiveStream.Format { .text }

    func appendReading(_ raw: Int32, time: [UInt8], to bytes: inout [UInt8]) {
        EventEncoder.appendText(reading: raw, time: time, to: &bytes)
    }

    func line(_ report: LinkReport, time: String, port: String?) -> String? {
        EventEncoder.text(report, time: time).map { Self.tagged($0, port: port) }
    }

    /// A text line as `monitor` prints it for one of several dongles: `[port] ` first.
    static func tagged(_ line: String, port: String?) -> String {
        port.map { "[\(UntrustedText.escaped($0))] \(line)" } ?? line
    }
}
