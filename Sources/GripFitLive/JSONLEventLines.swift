import GripFitCore

/// `monitor --format jsonl`: one JSON object per event (``EventEncoder/jsonl(_:time:port:)``), with a
/// "port" field when several dongles are followed; nothing before the first.
struct JSONLEventLines: EventLines {
    var format: LiveStream.Format { .jsonl }

    func appendReading(_ raw: Int32, time: [UInt8], to bytes: inout [UInt8]) {
        EventEncoder.appendJSONL(reading: raw, time: time, to: &bytes)
    }

    func line(_ report: LinkReport, time: String, port: String?) -> String? {
        EventEncoder.jsonl(report, time: time, port: port)
    }
}
