import GripFitCore
import GripFitLive
import GripFitOutput
import Testing

/// Each `monitor --format` maps to its own encoder: what it writes before the first event, and a
/// reading as the byte fast path writes it.
struct StreamEncoderTests {
    static let time = Array("2026-11-18T11:06:40.000Z".utf8)

    @Test(arguments: LiveStream.Format.allCases)
    func eachFormatsEncoderBeginsAndWritesAReading(format: LiveStream.Format) {
        let encoder = format.encoder(unit: nil, port: nil)
        var bytes: [UInt8] = []
        encoder.begin(into: &bytes)
        encoder.add(StreamEvent(report: .message(.reading(-12)), time: Self.time), into: &bytes)
        encoder.finish(into: &bytes)
        let text = String(decoding: bytes, as: UTF8.self)
        switch format {
        case .text: #expect(text == "2026-11-18T11:06:40.000Z reading -12\n")
        case .jsonl: #expect(text == #"{"event":"reading","time":"2026-11-18T11:06:40.000Z","raw":-12}"# + "\n")
        case .csv: #expect(text == "time,raw\n2026-11-18T11:06:40.000Z,-12\n")
        }
    }

    /// An event that has no row in CSV adds nothing; JSONL and text write it whole.
    @Test func aStateEventIsARowInJSONLAndTextOnly() {
        let event = StreamEvent(report: .state(.connected), time: Self.time)
        var lines: [LiveStream.Format: String] = [:]
        for format in LiveStream.Format.allCases {
            let encoder = format.encoder(unit: .kilograms, port: nil)
            var bytes: [UInt8] = []
            encoder.add(event, into: &bytes)
            lines[format] = String(decoding: bytes, as: UTF8.self)
        }
        #expect(lines[.csv] == "")
        #expect(lines[.jsonl]?.hasPrefix(#"{"event":"state""#) == true)
        #expect(lines[.text] == "2026-11-18T11:06:40.000Z state connected\n")
    }
}
