import Foundation
import Glibc
import UmockdevTestSupport
import XCTest

/// `monitor --all-bridges` with two emulated bridges plugged in: both are followed at once and
/// every JSONL event names the port it came from.
final class MonitorAllBridgesTests: XCTestCase {
    override func setUpWithError() throws {
        LaunchLog.xcTest = name
        try XCTSkipUnless(try Testbed.available(), Testbed.skipReason)
    }

    func testEveryBridgeIsFollowedAndEachEventNamesItsPort() throws {
        let testbed = try Testbed()
        let devices = [
            "/dev/ttyACM0": try testbed.add(fixture: "raytac-bridge"),
            "/dev/ttyACM1": try testbed.add(fixture: "xiao-bridge"),
        ]
        let monitor = try RunningCLI(["monitor", "--all-bridges", "--format", "jsonl", "--duration", "20"])
        var readings: [String: [Int]] = [:]
        let deadline = Date().addingTimeInterval(15)
        while readings.count < 2 || readings.values.contains(where: { $0.count < 2 }),
            let line = monitor.nextLine(before: deadline)
        {
            let event = try Event(line)
            let port = try XCTUnwrap(event["port"] as? String, line)
            if event.kind == "state", event["state"] as? String == "scanning", let device = devices[port] {
                // That port is open: play its dongle.
                let text = port.hasSuffix("0") ? "R:1\nR:2\n" : "R:11\nR:12\n"
                let bytes = Array(text.utf8)
                XCTAssertEqual(bytes.withUnsafeBytes { Glibc.write(testbed.peer(of: device), $0.baseAddress, $0.count) }, bytes.count)
            }
            if let raw = event.raw { readings[port, default: []].append(raw) }
        }
        _ = monitor.stop()
        XCTAssertEqual(readings["/dev/ttyACM0"], [1, 2])
        XCTAssertEqual(readings["/dev/ttyACM1"], [11, 12])
    }
}
