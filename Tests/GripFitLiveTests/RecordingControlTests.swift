import GripFitCore
import GripFitLive
import GripFitRecords
import Testing

/// ``RecordingControl`` fed reports by hand on a fake clock: asked for, begun at the first reading
/// of a known GripFit, and stopped into the session `record` would store.
struct RecordingControlTests {
    static let start = MonotonicInstant(nanoseconds: 1_000_000_000)

    @Test func beginsAtAKnownDevicesReadingAndStopsIntoItsSession() throws {
        var stage = LiveCalibration(fallbackKey: "usb:A1", gate: IdentityGate(wait: .zero)) { _ in nil }
        var recording = RecordingControl<any Error>()
        #expect(recording.object.text.contains(#""state":"idle""#))
        recording.start(hand: .left, label: "visit 3")
        #expect(recording.isBusy)
        #expect(recording.object.text.contains(#""state":"waiting""#))
        let link = LinkFacts(firmware: "1.0", bridgeVersion: "0.9", portOpen: true)
        var now = Self.start
        _ = stage.handle(.state(.connected), at: now, link: link)
        for raw in [Int32(1_000), 5_000, 60_000, 2_000] {
            now = now + .milliseconds(20)
            let report = SessionReport.message(.reading(raw))
            let calibrated = stage.handle(report, at: now, link: link)
            let finished = recording.handle(calibrated, at: now, stage: stage, link: link, wallTime: FixedWallTime())
            #expect(finished == nil)
        }
        #expect(recording.object.text.contains(#""state":"recording""#))
        #expect(recording.object.text.contains(#""readings":4"#))
        let stopped = recording.stop(at: now + .milliseconds(20), firmware: link.firmware, bridgeVersion: link.bridgeVersion)
        let session = try #require(stopped.finished)
        #expect(stopped.autoSaved.map { _ in true } == nil)
        #expect(session.device == "usb:A1")
        #expect(session.hand == .left && session.label == "visit 3")
        #expect(session.firmware == "1.0" && session.bridgeVersion == "0.9")
        #expect(session.startedAtMilliseconds == 1_795_000_001_020)
        #expect(!recording.isBusy)
    }

    @Test func noReadingNoSession() {
        var recording = RecordingControl<any Error>()
        recording.start(hand: nil, label: nil)
        var stage = LiveCalibration(fallbackKey: "usb:A1", gate: IdentityGate(wait: .zero)) { _ in nil }
        let report = SessionReport.state(.connected)
        let calibrated = stage.handle(report, at: Self.start, link: LinkFacts())
        let finished = recording.handle(calibrated, at: Self.start, stage: stage, link: LinkFacts(), wallTime: FixedWallTime())
        #expect(finished == nil)
        let stopped = recording.stop(at: Self.start, firmware: nil, bridgeVersion: nil)
        #expect(stopped.finished == nil && stopped.autoSaved.map { _ in true } == nil)
    }
}
