import Foundation
@testable import GripFitCLI
import GripFitCore
import GripFitStore
import Testing

struct SessionTextTests {
    /// Device text is stored as the device sent it and escaped once, by `show`: an ESC in the
    /// firmware prints as `\x1B`, not `\\x1B` as when `record` escaped it before storing too.
    @Test func showEscapesAHostileFirmwareOnce() throws {
        let directory = NSTemporaryDirectory() + "gripfit-session-text-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let history = try SQLiteHistory(path: directory + "/history.sqlite")
        let samples = (0..<20).map { RawSample(micros: Int64($0) * 100_000, raw: Int32(1_000 + ($0 % 10) * 1_000)) }
        let recorded = StoredSession.analysed(
            device: "ble:C0:FF:EE:00:00:01", startedAtMilliseconds: 1_795_000_000_000, firmware: "1.0\u{1B}[2J",
            bridgeVersion: "0.9\u{1B}]0;x\u{07}", label: nil, hand: nil, calibration: nil,
            trace: RawTrace(samples: samples, gaps: []))
        guard case .inserted(let id) = try history.save(recorded) else { Issue.record("not inserted"); return }
        let session = try history.session(id: id)
        let lines = SessionText.details(session, display: ForceDisplay(calibration: nil, unit: .kilograms))
        let device = try #require(lines.first { $0.hasPrefix("device ") })
        #expect(device.hasSuffix(#"ble:C0:FF:EE:00:00:01, firmware 1.0\x1B[2J, bridge 0.9\x1B]0;x\x07"#))
        #expect(!device.contains(#"\\x1B"#))
        #expect(!device.unicodeScalars.contains("\u{1B}"))
    }
}
