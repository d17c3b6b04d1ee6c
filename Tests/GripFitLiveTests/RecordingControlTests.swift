import GripFitCore
import GripFitLive
import GripFitRecords
import Testing

/// ``RecordingControl`` behind a ``CalibratedSession``, fed reports by hand on a fake clock: asked
/// for, begun at the first reading of a known GripFit, and stopped into the session `record` would store.
struct RecordingControlTests {
    static let start = MonotonicInstant(nanoseconds: 1_000_000_000)

    static func session(_ recording: RecordingControl<any Error>) -> CalibratedSession {
        CalibratedSession(
            stage: LiveCalibration(fallbackKey: "usb:A1", gate: IdentityGate(wait: .zero)) { _ in nil },
            consumers: [recording]
        )
    }

    @Test func beginsAtAKnownDevicesReadingAndStopsIntoItsSession() throws {
        let recording = RecordingControl<any Error>(unit: .kilograms, wallTime: FixedWallTime())
        let session = Self.session(recording)
        #expect(recording.object.text.contains(#""state":"idle""#))
        recording.start(hand: .left, label: "visit 3", subject: "P017", at: Self.start)
        #expect(recording.isBusy)
        #expect(recording.object.text.contains(#""state":"waiting""#))
        let link = LinkFacts(firmware: "1.0", bridgeVersion: "0.9", portOpen: true)
        var now = Self.start
        var actions: [ConsumerAction] = []
        session.handle(.state(.connected), at: now, link: link, into: &actions)
        for raw in [Int32(1_000), 5_000, 60_000, 2_000] {
            now = now + .milliseconds(20)
            session.handle(.message(.reading(raw)), at: now, link: link, into: &actions)
            #expect(recording.takeFinished() == nil)
        }
        #expect(actions.isEmpty, "the page's recording never stops the dashboard's session")
        #expect(recording.object.text.contains(#""state":"recording""#))
        #expect(recording.object.text.contains(#""readings":4"#))
        let stopped = recording.stop(at: now + .milliseconds(20), link: link)
        let saved = try #require(stopped.finished)
        #expect(stopped.autoSaved.map { _ in true } == nil)
        #expect(saved.device == "usb:A1")
        #expect(saved.hand == .left && saved.label == "visit 3")
        #expect(saved.tags.subject == "P017")
        #expect(saved.firmware == "1.0" && saved.bridgeVersion == "0.9")
        #expect(saved.startedAtMilliseconds == 1_795_000_001_020)
        #expect(!recording.isBusy)
    }

    @Test func noReadingNoSession() {
        let recording = RecordingControl<any Error>(unit: .kilograms, wallTime: FixedWallTime())
        recording.start(hand: nil, label: nil, subject: nil, at: Self.start)
        var actions: [ConsumerAction] = []
        Self.session(recording).handle(.state(.connected), at: Self.start, link: LinkFacts(), into: &actions)
        #expect(recording.takeFinished() == nil)
        let stopped = recording.stop(at: Self.start, link: LinkFacts())
        #expect(stopped.finished == nil && stopped.autoSaved.map { _ in true } == nil)
    }

    /// The dashboard goes on with raw counts when the calibration file cannot be read (it says why
    /// once, for the page), so its recording does too, where `record` stops rather than file it.
    @Test func aCalibrationFileThatCannotBeReadStillRecordsRawCounts() throws {
        struct Unreadable: Error {}
        let recording = RecordingControl<any Error>(unit: .kilograms, wallTime: FixedWallTime())
        let session = CalibratedSession(
            stage: LiveCalibration(fallbackKey: "usb:A1", gate: IdentityGate(wait: .zero)) { _ in throw Unreadable() },
            consumers: [recording]
        )
        recording.start(hand: nil, label: nil, subject: nil, at: Self.start)
        var actions: [ConsumerAction] = []
        var now = Self.start
        for raw in [Int32(1_000), 5_000] {
            now = now + .milliseconds(20)
            session.handle(.message(.reading(raw)), at: now, link: LinkFacts(), into: &actions)
        }
        #expect(actions.isEmpty)
        let saved = try #require(recording.stop(at: now, link: LinkFacts()).finished)
        #expect(saved.calibration == nil && saved.device == "usb:A1")
    }
}
