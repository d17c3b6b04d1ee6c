import ConsumerTestSupport
import GripFitCore
import GripFitLive
import GripFitRecords
import Testing

/// ``LiveRecording`` fed session reports and instants by hand: no port, no binary.
struct LiveRecordingTests {
    struct Unreadable: Error {}

    static let device = "usb:A1"
    static let calibration = StoredCalibration(
        device: device,
        calibration: Calibration(offset: 0, countsPerKilogram: 20_000),
        date: "2026-11-22T00:00:00Z",
        massKilograms: 10
    )

    /// What the recording told its front end, one line per event.
    final class Log {
        var lines: [String] = []

        func record(_ event: LiveRecording.Event) {
            switch event {
            case .notice(let text): lines.append("notice \(text)")
            case .started(let device, let display): lines.append("started \(device) \(display.unitName)")
            }
        }
    }

    /// A session fed readings every 100 ms, the stage deciding at the first one (a plain relay).
    final class Feed {
        let recording: LiveRecording
        /// The stage in front of the recording, as the CLI runs it, in the driver's loop.
        let harness: ConsumerHarness<CalibratedSession>
        let log: Log
        var now: MonotonicInstant { harness.now }
        var stopped: Bool { harness.stopped }
        var events: [String] { log.lines }

        init(seconds: Double?, untilRelease: Bool = false, lookup: @escaping LiveCalibration.Lookup) {
            let stage = LiveCalibration(fallbackKey: LiveRecordingTests.device, gate: IdentityGate(wait: .zero), lookup: lookup)
            let log = Log()
            self.log = log
            let start = MonotonicInstant(nanoseconds: 1_000_000_000)
            recording = LiveRecording(
                seconds: seconds,
                untilRelease: untilRelease,
                tags: SessionTags(label: "warmup", hand: .left),
                unit: .kilograms,
                wallTime: FixedWallTime(),
                startingAt: start,
                onEvent: log.record
            )
            harness = ConsumerHarness(
                CalibratedSession(stage: stage, consumers: [recording]),
                start: start,
                link: LinkFacts(firmware: "1.0")
            )
        }

        func feed(_ raws: [Int32]) { harness.feed(readings: raws) }
    }

    @Test func recordsItsLengthFromTheFirstReadingThenStops() throws {
        let feed = Feed(seconds: 1) { _ in LiveRecordingTests.calibration }
        feed.feed([Int32](repeating: 40_000, count: 30))
        #expect(feed.stopped)
        let session = try #require(feed.recording.finish(at: feed.now, link: LinkFacts()))
        #expect(session.trace.samples.count == 11, "one second of readings at 100 ms, both ends included")
        #expect(session.device == Self.device && session.label == "warmup" && session.hand == .left)
        #expect(session.firmware == "1.0")
        #expect(session.calibration?.countsPerKilogram == 20_000)
        #expect(session.startedAtMilliseconds == 1_795_000_000_000 + 1_100)
        #expect(feed.recording.stop == .duration)
        #expect(feed.events.first?.hasPrefix("notice ") == true, "a plain relay is filed under the port's key, with a notice")
        #expect(feed.events.dropFirst().first == "started usb:A1 kg")
        #expect(feed.events.count == 2)
    }

    @Test func stopsAtTheReleaseOfTheFirstSqueeze() {
        let feed = Feed(seconds: nil, untilRelease: true) { _ in nil }
        feed.feed([1_000, 1_000, 60_000, 200_000, 150_000, 1_000, 1_000, 1_000, 1_000])
        #expect(feed.stopped)
        #expect(feed.recording.stop == .released)
        #expect(feed.events.contains("started usb:A1 raw"))
    }

    @Test func aCalibrationThatCannotBeReadStopsBeforeRecording() {
        let feed = Feed(seconds: 5) { _ in throw Unreadable() }
        feed.feed([1_000])
        #expect(feed.stopped)
        #expect(feed.recording.lookupFailure is Unreadable)
        #expect(!feed.recording.hasStarted)
        #expect(feed.recording.finish(at: feed.now, link: LinkFacts()) == nil)
    }

    @Test func withoutAFirstReadingItGivesUpAfterTheWait() {
        let start = MonotonicInstant(nanoseconds: 1_000_000_000)
        let recording = LiveRecording(
            seconds: 2,
            untilRelease: false,
            tags: SessionTags(),
            unit: .kilograms,
            wallTime: FixedWallTime(),
            startingAt: start
        )
        #expect(recording.nextDeadline == start + LiveRecording.firstReadingWait)
        var actions: [ConsumerAction] = []
        recording.tick(at: start + .seconds(1), link: LinkFacts(), into: &actions)
        #expect(actions.isEmpty, "not yet due")
        recording.tick(at: start + LiveRecording.firstReadingWait, link: LinkFacts(), into: &actions)
        #expect(actions == [.stop])
        #expect(!recording.hasStarted)
    }
}
