import GripFitCore
import GripFitOutput

/// `monitor`'s stream encoder in one of its formats (``LiveStream/Format/encoder(unit:port:)``).
/// A concrete type over the three ``EventLineEncoder``s rather than `any ByteEncoder`: each event of
/// a flood then runs specialized code, where the existential and its unspecialized generic cost the
/// live path about a sixth of its throughput (issue 31).
public struct StreamEncoder: ByteEncoder {
    public typealias Item = StreamEvent

    private enum Lines {
        case text(EventLineEncoder<TextEventLines>)
        case jsonl(EventLineEncoder<JSONLEventLines>)
        case csv(EventLineEncoder<CSVEventLines>)
    }

    private let lines: Lines

    init(format: LiveStream.Format, unit: ForceUnit?, port: String?) {
        switch format {
        case .text: lines = .text(EventLineEncoder(lines: TextEventLines(), port: port))
        case .jsonl: lines = .jsonl(EventLineEncoder(lines: JSONLEventLines(), port: port))
        case .csv: lines = .csv(EventLineEncoder(lines: CSVEventLines(unit: unit), port: nil))
        }
    }

    public func begin(into bytes: inout [UInt8]) {
        switch lines {
        case .text(let encoder): encoder.begin(into: &bytes)
        case .jsonl(let encoder): encoder.begin(into: &bytes)
        case .csv(let encoder): encoder.begin(into: &bytes)
        }
    }

    public func add(_ event: StreamEvent, into bytes: inout [UInt8]) {
        switch lines {
        case .text(let encoder): encoder.add(event, into: &bytes)
        case .jsonl(let encoder): encoder.add(event, into: &bytes)
        case .csv(let encoder): encoder.add(event, into: &bytes)
        }
    }

    /// A reading without a force, straight to its bytes (``EventLineEncoder/addPlainReading(_:time:into:)``):
    /// a flood's path, which builds no ``StreamEvent`` and copies no report. False when it wrote nothing.
    func addPlainReading(_ raw: Int32, time: [UInt8], into bytes: inout [UInt8]) -> Bool {
        switch lines {
        case .text(let encoder): encoder.addPlainReading(raw, time: time, into: &bytes)
        case .jsonl(let encoder): encoder.addPlainReading(raw, time: time, into: &bytes)
        case .csv(let encoder): encoder.addPlainReading(raw, time: time, into: &bytes)
        }
    }

    public func finish(into bytes: inout [UInt8]) {}
}
