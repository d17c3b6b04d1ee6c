import Foundation
import GripFitCore
import GripFitLinux
import GripFitLive
import GripFitRecords
import GripFitStore
import Testing

@testable import GripFitCLI

struct SessionTextTests {
    /// Device text is stored as the device sent it and escaped once, by `show`: an ESC in the
    /// firmware prints as `\x1B`, not `\\x1B` as when `record` escaped it before storing too.
    @Test func showEscapesAHostileFirmwareOnce() throws {
        let directory = NSTemporaryDirectory() + "gripfit-session-text-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let history = try SQLiteHistory(path: directory + "/history.sqlite")
        let samples = (0..<20).map { RawSample(micros: Int64($0) * 100_000, raw: Int32(1_000 + ($0 % 10) * 1_000)) }
        let recorded = StoredSession.analysed(
            device: "ble:C0:FF:EE:00:00:01",
            startedAtMilliseconds: 1_795_000_000_000,
            firmware: "1.0\u{1B}[2J",
            bridgeVersion: "0.9\u{1B}]0;x\u{07}",
            label: nil,
            hand: nil,
            calibration: nil,
            trace: RawTrace(samples: samples, gaps: [])
        )
        guard case .inserted(let id) = try history.save(recorded, sameStart: .skip) else {
            Issue.record("not inserted")
            return
        }
        let session = try history.session(id: id)
        let lines = SessionText.details(session, display: ForceDisplay(calibration: nil, unit: .kilograms))
        let device = try #require(lines.first { $0.hasPrefix("device ") })
        #expect(device.hasSuffix(#"ble:C0:FF:EE:00:00:01, firmware 1.0\x1B[2J, bridge 0.9\x1B]0;x\x07"#))
        #expect(!device.contains(#"\\x1B"#))
        #expect(!device.unicodeScalars.contains("\u{1B}"))
    }

    /// The same from the recording's side: what `record` files keeps the device's ESC, and `show`
    /// escapes it once (the recording used to store it cleaned or pre-escaped).
    @Test func aRecordingKeepsTheDevicesTextForShowToEscapeOnce() throws {
        let directory = NSTemporaryDirectory() + "gripfit-session-text-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let start = MonotonicInstant(nanoseconds: 1_000_000_000)
        let recording = LiveRecording(
            seconds: 1,
            untilRelease: false,
            tags: SessionTags(label: nil, hand: nil),
            unit: .kilograms,
            wallTime: WallClock(),
            startingAt: start
        )
        let session = CalibratedSession(
            stage: LiveCalibration(fallbackKey: "usb:A1", gate: IdentityGate(wait: .zero)) { _ in nil },
            consumers: [recording]
        )
        let link = LinkFacts(firmware: "1.0\u{1B}[2J", bridgeVersion: "0.9\u{1B}]0;x\u{07}")
        var now = start
        for raw in [Int32](repeating: 40_000, count: 5) {
            now = now + .milliseconds(100)
            var actions: [ConsumerAction] = []
            session.handle(.message(.reading(raw)), at: now, link: link, into: &actions)
        }
        let recorded = try #require(recording.finish(at: now, link: link))
        #expect(recorded.firmware == "1.0\u{1B}[2J")
        let history = try SQLiteHistory(path: directory + "/history.sqlite")
        guard case .inserted(let id) = try history.save(recorded, sameStart: .skip) else {
            Issue.record("not inserted")
            return
        }
        let lines = SessionText.details(try history.session(id: id), display: ForceDisplay(calibration: nil, unit: .kilograms))
        let device = try #require(lines.first { $0.hasPrefix("device ") })
        #expect(device.hasSuffix(#"usb:A1, firmware 1.0\x1B[2J, bridge 0.9\x1B]0;x\x07"#))
        #expect(!device.unicodeScalars.contains("\u{1B}"))
    }
}
