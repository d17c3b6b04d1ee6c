import GripFitCore
import GripFitLive
import GripFitRecords
import Testing

/// `record` on a terminal: the recording and the live view behind one calibration stage, so one
/// lookup, one zero, and the deadlines of both.
struct CalibratedSessionTests {
    final class Lookups: @unchecked Sendable {
        var count = 0
    }

    final class Screen: LiveScreen {
        var width = 80
        var notices: [String] = []
        func redraw(_ view: [String]) {}
        func notice(_ text: String, view: [String]) { notices.append(text) }
        func time(at instant: MonotonicInstant) -> String { "t" }
        func line(for report: LinkReport, time: String) -> String? { nil }
    }

    @Test func aRecordingAndTheLiveViewShareOneLookupAndOneZero() throws {
        let lookups = Lookups()
        let calibration = StoredCalibration(
            device: "usb:A1",
            calibration: Calibration(offset: 0, countsPerKilogram: 20_000),
            date: "2026-11-22T00:00:00Z",
            massKilograms: 10
        )
        let stage = LiveCalibration(fallbackKey: "usb:A1", gate: IdentityGate(wait: .zero)) { _ in
            lookups.count += 1
            return calibration
        }
        let start = MonotonicInstant(nanoseconds: 1_000_000_000)
        let screen = Screen()
        let recording = LiveRecording(
            seconds: 1,
            untilRelease: false,
            tags: SessionTags(),
            unit: .kilograms,
            wallTime: FixedWallTime(),
            startingAt: start
        )
        let monitor = LiveMonitor(unit: .kilograms, screen: screen, start: start)
        let session = CalibratedSession(stage: stage, consumers: [recording, monitor])
        #expect(session.nextDeadline == start + .seconds(1), "the view's clock comes before the recording's wait")
        var actions: [ConsumerAction] = []
        var now = start
        for raw: Int32 in [40_000, 100_000, 60_000] {
            now = now + .milliseconds(100)
            session.handle(.message(.reading(raw)), at: now, link: LinkFacts(), into: &actions)
        }
        #expect(lookups.count == 1)
        #expect(recording.hasStarted)
        #expect(monitor.lines(at: now).first?.hasPrefix("3.00 kg   peak 5.00 kg") == true)
        #expect(screen.notices.count == 1, "one identity notice, shown by the view")
        let saved = try #require(recording.finish(at: now, link: LinkFacts()))
        #expect(saved.trace.samples.map(\.raw) == [40_000, 100_000, 60_000])
    }
}
