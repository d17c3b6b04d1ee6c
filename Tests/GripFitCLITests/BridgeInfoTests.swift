import Foundation
import UmockdevTestSupport
import XCTest

/// `bridge info` on a Raytac dongle udev knows (umockdev): the version the bridge answers, the
/// board and serial number udev reports; through the binary under `umockdev-run` once, in-process
/// on a ``Testbed`` of the test's own otherwise (issue 32). Against the native bridge, current and
/// older than required: firmware-bridge/native/gate-test.py (`make -C firmware-bridge gate-test`).
final class BridgeInfoTests: XCTestCase {
    override func setUpWithError() throws {
        LaunchLog.xcTest = name
        try XCTSkipUnless(try Testbed.available(), Testbed.skipReason)
    }

    func testTheVersionTheBoardAndTheSerialNumber() throws {
        let run = try CLIProcess.underUmockdev(["raytac-bridge"], scripts: ["/dev/ttyACM0": "bridge-connected.script"], ["bridge", "info"])
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "firmware: 1.2.0", run.stdout)
        XCTAssertTrue(lines.contains("port:     /dev/ttyACM0"), run.stdout)
        XCTAssertTrue(lines.contains { $0.hasPrefix("board:    ") && !$0.contains("unknown") }, run.stdout)
        XCTAssertTrue(lines.contains { $0.hasPrefix("serial:   ") && $0 != "serial:   -" }, run.stdout)
        XCTAssertTrue(lines.contains { $0.hasPrefix("update:   none needed") }, run.stdout)
    }

    func testJSONSaysTheSameForScripts() throws {
        let run = try Testbed.with(["raytac-bridge"], scripts: ["/dev/ttyACM0": "bridge-connected.script"]) {
            InProcessCommand.run(["bridge", "info", "--json"], in: BuiltBinary())
        }
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], run.stdout)
        XCTAssertEqual(object["firmware"] as? String, "1.2.0")
        XCTAssertEqual(object["port"] as? String, "/dev/ttyACM0")
        XCTAssertEqual(object["update"] as? String, "current")
        XCTAssertNotNil(object["board"] as? String, run.stdout)
        XCTAssertNotNil(object["serial"] as? String, run.stdout)
    }

    /// A dongle that does not answer BRIDGE:INFO (a plain relay, a bootloader) is no bridge to describe.
    func testASilentPortExits69() throws {
        let run = try Testbed.with(["xiao-bridge"]) { InProcessCommand.run(["bridge", "info"], in: BuiltBinary()) }
        XCTAssertEqual(run.status, 69, run.stdout + run.stderr)
        XCTAssertTrue(run.stderr.contains("did not answer BRIDGE:INFO"), run.stderr)
    }
}
