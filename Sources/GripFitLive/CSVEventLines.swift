import GripFitCore

/// `monitor --format csv`: the column names, then `time,raw` per reading (with its force in the
/// unit once calibrated); other events have no row. CSV has no port column: its encoder has no port.
struct CSVEventLines: EventLines {
    /// The force column's unit, with `--unit`.
    let unit: ForceUnit?

    var format: LiveStream.Format { .csv }

    var header: String? { unit.map { "\(EventEncoder.csvHeader),force_\($0.rawValue)" } ?? EventEncoder.csvHeader }

    func appendReading(_ raw: Int32, time: [UInt8], to bytes: inout [UInt8]) {
        EventEncoder.appendCSV(reading: raw, time: time, to: &bytes)
    }

    func line(_ report: LinkReport, time: String, port: String?) -> String? { nil }
}
