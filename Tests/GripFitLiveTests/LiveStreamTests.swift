import GripFitCore
import GripFitLive
import GripFitRecords
import Testing

/// `monitor --format jsonl|csv` and its plain lines as a consumer: reports in at instants of a
/// fake clock, the bytes it writes out, exactly as `monitor` has always written them.
struct LiveStreamTests {
    /// What reached the destination, one `write` per element.
    final class Written {
        var writes: [String] = []
        var open = true
        var text: String { writes.joined() }

        func output() -> BatchedOutput {
            BatchedOutput { bytes in
                guard self.open else { return false }
                self.writes.append(String(decoding: bytes, as: UTF8.self))
                return true
            }
        }
    }

    /// The fixed wall clock's zero is 2026-11-18T11:06:40.000Z.
    static func at(_ milliseconds: Int64) -> MonotonicInstant {
        MonotonicInstant(nanoseconds: milliseconds * 1_000_000)
    }

    static let calibration = StoredCalibration(
        device: "usb:A1",
        calibration: Calibration(offset: 0, countsPerKilogram: 20_000),
        date: "2026-11-22T00:00:00Z",
        massKilograms: 10
    )

    static func stage() -> LiveCalibration {
        LiveCalibration(fallbackKey: "usb:A1", gate: IdentityGate(wait: .zero)) { _ in calibration }
    }

    func feed(_ consumer: any LinkConsumer<LinkReport>, _ reports: [(Int64, LinkReport)]) -> [ConsumerAction] {
        var actions: [ConsumerAction] = []
        for (milliseconds, report) in reports {
            consumer.handle(report, at: Self.at(milliseconds), link: LinkFacts(), into: &actions)
        }
        consumer.idle(into: &actions)
        return actions
    }

    @Test func jsonlEventsAreWrittenOncePerWakeUpInTheDocumentedShape() {
        let written = Written()
        let stream = LiveStream(format: .jsonl, output: written.output(), wallTime: FixedWallTime())
        #expect(stream.header == nil)
        let actions = feed(
            stream,
            [
                (1_000, .state(.connected)), (1_020, .message(.reading(834_572))), (1_040, .message(.reading(-5))),
                (2_999, .message(.status(.rate(20)))), (3_000, .message(.unknown("?"))),
            ]
        )
        #expect(actions.isEmpty)
        #expect(
            written.writes == [
                #"{"event":"state","time":"2026-11-18T11:06:41.000Z","state":"connected"}"# + "\n"
                    + #"{"event":"reading","time":"2026-11-18T11:06:41.020Z","raw":834572}"# + "\n"
                    + #"{"event":"reading","time":"2026-11-18T11:06:41.040Z","raw":-5}"# + "\n"
                    + #"{"event":"status","time":"2026-11-18T11:06:42.999Z","status":"RATE","rate_ms":20}"# + "\n"
            ]
        )
    }

    @Test func csvHasItsHeaderAndOnlyReadings() {
        let written = Written()
        let stream = LiveStream(format: .csv, output: written.output(), wallTime: FixedWallTime())
        #expect(stream.header == "time,raw")
        _ = feed(stream, [(5, .state(.connected)), (7, .message(.reading(12))), (1_007, .message(.status(.pong)))])
        #expect(written.text == "2026-11-18T11:06:40.007Z,12\n")
    }

    @Test func textIsOneLinePerEvent() {
        let written = Written()
        let stream = LiveStream(format: .text, output: written.output(), wallTime: FixedWallTime())
        _ = feed(stream, [(0, .state(.connected)), (1, .message(.reading(-1)))])
        #expect(written.text == "2026-11-18T11:06:40.000Z state connected\n2026-11-18T11:06:40.001Z reading -1\n")
    }

    /// `monitor` with several dongles, one stream each: every JSONL event (readings too, off the
    /// byte fast path) ends with its port, every text line starts with it, as the closure it replaced wrote them.
    @Test func withAPortEveryEventIsTaggedWithIt() {
        let reports: [(Int64, LinkReport)] = [
            (0, .state(.connected)), (1, .message(.reading(-7))), (2, .message(.unknown("?"))), (3, .message(.status(.pong))),
        ]
        let jsonl = Written()
        _ = feed(LiveStream(format: .jsonl, port: "/dev/ttyACM1", output: jsonl.output(), wallTime: FixedWallTime()), reports)
        #expect(
            jsonl.writes == [
                #"{"event":"state","time":"2026-11-18T11:06:40.000Z","state":"connected","port":"/dev/ttyACM1"}"# + "\n"
                    + #"{"event":"reading","time":"2026-11-18T11:06:40.001Z","raw":-7,"port":"/dev/ttyACM1"}"# + "\n"
                    + #"{"event":"status","time":"2026-11-18T11:06:40.003Z","status":"PONG","port":"/dev/ttyACM1"}"# + "\n"
            ]
        )
        let text = Written()
        _ = feed(LiveStream(format: .text, port: "/dev/ttyACM1", output: text.output(), wallTime: FixedWallTime()), reports)
        #expect(
            text.text == "[/dev/ttyACM1] 2026-11-18T11:06:40.000Z state connected\n"
                + "[/dev/ttyACM1] 2026-11-18T11:06:40.001Z reading -7\n[/dev/ttyACM1] 2026-11-18T11:06:40.003Z status PONG\n"
        )
    }

    /// A port name with a control character is escaped once, for the format it is written in: JSON's
    /// `\u001b` in JSONL, the terminal's `\x1B` in text (it was escaped for the terminal, then for JSON).
    @Test func aHostilePortIsEscapedOncePerFormat() {
        let reports: [(Int64, LinkReport)] = [(0, .state(.connected))]
        let jsonl = Written()
        _ = feed(LiveStream(format: .jsonl, port: "/dev/x\u{1B}y", output: jsonl.output(), wallTime: FixedWallTime()), reports)
        #expect(jsonl.text.contains(#""port":"/dev/x\u001by""#), "\(jsonl.text)")
        let text = Written()
        _ = feed(LiveStream(format: .text, port: "/dev/x\u{1B}y", output: text.output(), wallTime: FixedWallTime()), reports)
        #expect(text.text.hasPrefix(#"[/dev/x\x1By] "#), "\(text.text)")
    }

    /// With --unit behind the session's calibration stage: the identity's notices go aside, readings carry their force.
    @Test func withAUnitReadingsCarryTheirForceOnceTheCalibrationIsKnown() {
        let written = Written()
        var notices: [String] = []
        let stream = LiveStream(
            format: .csv,
            unit: .kilograms,
            output: written.output(),
            wallTime: FixedWallTime(),
            notice: { notices.append($0) }
        )
        #expect(stream.header == "time,raw,force_kg")
        _ = feed(CalibratedSession(stage: Self.stage(), consumers: [stream.calibrated]), [(0, .message(.reading(40_000)))])
        #expect(written.text == "2026-11-18T11:06:40.000Z,40000,2.000\n")
        #expect(!notices.isEmpty)

        let jsonl = Written()
        let jsonlStream = LiveStream(format: .jsonl, unit: .kilograms, output: jsonl.output(), wallTime: FixedWallTime())
        let session = CalibratedSession(stage: Self.stage(), consumers: [jsonlStream.calibrated])
        _ = feed(session, [(0, .message(.reading(60_000)))])
        #expect(jsonl.text == #"{"event":"reading","time":"2026-11-18T11:06:40.000Z","raw":60000,"force":3.0,"unit":"kg"}"# + "\n")
    }

    /// A closed pipe (`| head`) ends the session: at the wake-up that failed to write, and at any report after it.
    @Test func aClosedOutputStopsTheSession() {
        let written = Written()
        let stream = LiveStream(format: .jsonl, output: written.output(), wallTime: FixedWallTime())
        written.open = false
        #expect(feed(stream, [(0, .message(.reading(1)))]) == [.stop])
        #expect(feed(stream, [(1, .message(.reading(2)))]) == [.stop, .stop])
        #expect(written.writes.isEmpty)
    }

    /// `monitor --format jsonl` beside the live view and a recording: three consumers of one session
    /// behind one calibration stage, the stream unchanged by the others.
    @Test func theStreamComposesWithTheLiveViewAndARecording() throws {
        final class Screen: LiveScreen {
            var width = 80
            func redraw(_ view: [String]) {}
            func notice(_ text: String, view: [String]) {}
            func time(at instant: MonotonicInstant) -> String { "t" }
            func line(for report: LinkReport, time: String) -> String? { nil }
        }
        let start = Self.at(1_000)
        let written = Written()
        let recording = LiveRecording(
            seconds: 1,
            untilRelease: false,
            tags: SessionTags(),
            unit: .kilograms,
            wallTime: FixedWallTime(),
            startingAt: start
        )
        let monitor = LiveMonitor(unit: .kilograms, screen: Screen(), start: start)
        let stream = LiveStream(format: .jsonl, output: written.output(), wallTime: FixedWallTime())
        let session = CalibratedSession(stage: Self.stage(), consumers: [recording, monitor, stream.calibrated])
        _ = feed(session, [(1_100, .message(.reading(40_000))), (1_200, .message(.reading(100_000)))])
        #expect(
            written.text == #"{"event":"reading","time":"2026-11-18T11:06:41.100Z","raw":40000}"# + "\n"
                + #"{"event":"reading","time":"2026-11-18T11:06:41.200Z","raw":100000}"# + "\n"
        )
        #expect(monitor.lines(at: Self.at(1_200)).first?.hasPrefix("5.00 kg") == true)
        let saved = try #require(recording.finish(at: Self.at(1_200), link: LinkFacts()))
        #expect(saved.trace.samples.map(\.raw) == [40_000, 100_000])
    }
}
