import GripFitCore

/// The per-format part of ``EventLineEncoder``: what a format writes before the first event, a
/// reading on the byte fast path, and any other event as a line. The driver owns the order of the
/// three ways an event is written, once for every format.
protocol EventLines {
    /// The format ``LiveStream/reading(_:kilograms:time:display:format:port:)`` writes a reading with its force in.
    var format: LiveStream.Format { get }

    /// The line before the first event (CSV's column names); nil when there is none, as for most.
    var header: String? { get }

    /// A reading without a force or a port, as bytes (``EventEncoder/appendJSONL(reading:time:to:)`` and its kin).
    func appendReading(_ raw: Int32, time: [UInt8], to bytes: inout [UInt8])

    /// Any other event's line, without its newline; nil for an event the format has no line for.
    func line(_ report: LinkReport, time: String, port: String?) -> String?
}

extension EventLines {
    var header: String? { nil }
}
