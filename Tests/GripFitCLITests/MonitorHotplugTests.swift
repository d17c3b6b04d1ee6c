import Foundation
import Glibc
import UmockdevTestSupport
import XCTest

/// `monitor` while the emulated dongle is unplugged and comes back as ttyACM1: the JSONL output
/// marks the gap with a state event and every reading sent after the replug arrives.
///
/// The testbed lives in this process; the spawned binary inherits umockdev's preload and
/// `UMOCKDEV_DIR`, so it sees the fake dongle and the uevents this test sends.
final class MonitorHotplugTests: XCTestCase {
    override func setUpWithError() throws {
        LaunchLog.xcTest = name
        try XCTSkipUnless(try Testbed.available(), Testbed.skipReason)
    }

    func testReadingsResumeAfterAGapMarkerWhenTheDongleComesBackUnderAnotherNumber() throws {
        let testbed = try Testbed()
        let first = try testbed.add(fixture: "raytac-bridge")
        let monitor = try RunningCLI(["monitor", "--port", "F1E2D3C4B5A69788", "--format", "jsonl", "--duration", "30"])

        var second: Testbed.Device?
        var events: [Event] = []
        let deadline = Date().addingTimeInterval(20)
        while let line = monitor.nextLine(before: deadline) {
            let event = try Event(line)
            events.append(event)
            switch (event.kind, event["state"] as? String, event.raw) {
            case ("state", "scanning", _):
                // The port is open: play the dongle on its pty.
                let device = second ?? first
                let base = second == nil ? 1 : 4
                Self.write((base..<base + 3).map { "R:\($0)\n" }.joined(), to: testbed.peer(of: device))
            case ("reading", _, 3):
                testbed.unplug(first)
                second = try testbed.add(fixture: "raytac-bridge", replacing: Testbed.replugAsACM1)
            default:
                break
            }
            if event.raw == 6 { break }
        }
        let stderr = monitor.stop().stderr

        let readings = events.compactMap { $0.kind == "reading" ? $0.raw : nil }
        XCTAssertEqual(readings, [1, 2, 3, 4, 5, 6], "\(events.map(\.object))")
        let three = try XCTUnwrap(events.firstIndex { $0.raw == 3 })
        let four = try XCTUnwrap(events.firstIndex { $0.raw == 4 })
        let gap = events[three..<four].filter { $0.kind == "state" }
        XCTAssertEqual(gap.first?["state"] as? String, "error", "\(events.map(\.object))")
        XCTAssertEqual(gap.first?["error"] as? String, "dongleMissing")
        XCTAssertTrue(stderr.contains("dongle removed (/dev/ttyACM0)"), stderr)
        XCTAssertTrue(stderr.contains("dongle back as /dev/ttyACM1"), stderr)
    }

    private static func write(_ text: String, to fd: Int32) {
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        XCTAssertEqual(written, bytes.count, "write to the pty master: errno \(errno)")
    }
}
