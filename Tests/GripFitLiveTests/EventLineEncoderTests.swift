import GripFitCore
import Testing

@testable import GripFitLive

/// The one driver of `monitor`'s formats: which of its part's three ways each event takes.
struct EventLineEncoderTests {
    static let time = Array("2026-11-18T11:06:40.000Z".utf8)

    /// A part that names the way it was asked, so the driver's choice shows in the bytes.
    struct Marked: EventLines {
        var format: LiveStream.Format { .jsonl }
        var header: String? { "head" }

        func appendReading(_ raw: Int32, time: [UInt8], to bytes: inout [UInt8]) {
            bytes += "fast \(raw)\n".utf8
        }

        func line(_ report: LinkReport, time: String, port: String?) -> String? {
            if case .message(.unknown) = report { return nil }
            return "line \(port ?? "-")"
        }
    }

    static func written(port: String?, _ events: [StreamEvent]) -> String {
        var encoder = EventLineEncoder(lines: Marked(), port: port)
        var bytes: [UInt8] = []
        encoder.begin(into: &bytes)
        for event in events { encoder.add(event, into: &bytes) }
        encoder.finish(into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func aReadingTakesTheFastPathOnlyWithoutAPort() {
        let reading = StreamEvent(report: .message(.reading(7)), time: Self.time)
        #expect(Self.written(port: nil, [reading]) == "head\nfast 7\n")
        #expect(Self.written(port: "p", [reading]) == "head\nline p\n")
    }

    @Test func otherEventsAreTheirPartsLineAndNothingWhenItHasNone() {
        let state = StreamEvent(report: .state(.connected), time: Self.time)
        let unknown = StreamEvent(report: .message(.unknown("x")), time: Self.time)
        #expect(Self.written(port: nil, [state, unknown, state]) == "head\nline -\nline -\n")
    }
}
