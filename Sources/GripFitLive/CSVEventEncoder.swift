import GripFitCore
import GripFitOutput

/// `monitor --format csv`: the column names, then `time,raw` per reading (with its force in the
/// unit once calibrated); other events have no row. CSV has no port column.
struct CSVEventEncoder: ByteEncoder {
    typealias Item = StreamEvent

    /// The force column's unit, with `--unit`.
    let unit: ForceUnit?

    func begin(into bytes: inout [UInt8]) {
        EventEncoder.appendLine(unit.map { "\(EventEncoder.csvHeader),force_\($0.rawValue)" } ?? EventEncoder.csvHeader, to: &bytes)
    }

    func add(_ event: StreamEvent, into bytes: inout [UInt8]) {
        if case .message(.reading(let raw)) = event.report {
            if let display = event.display {
                let line = LiveStream.reading(raw, kilograms: event.kilograms, time: event.timeText, display: display, format: .csv)
                EventEncoder.appendLine(line, to: &bytes)
            } else {
                EventEncoder.appendCSV(reading: raw, time: event.time, to: &bytes)
            }
        }
    }

    func finish(into bytes: inout [UInt8]) {}
}
