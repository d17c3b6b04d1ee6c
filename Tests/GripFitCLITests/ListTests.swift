import Foundation
import UmockdevTestSupport
import XCTest

/// `list` and `--port` with one or two fake dongles: in-process on a ``Testbed`` of the test's own
/// (issue 32), and `doctor --port` through the binary under `umockdev-run`.
final class ListTests: XCTestCase {
    override func setUpWithError() throws {
        LaunchLog.xcTest = name
        try XCTSkipUnless(try Testbed.available(), Testbed.skipReason)
    }

    private func ports(_ json: String) throws -> [[String: Any]] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]], json)
    }

    /// `arguments` run in-process with `fixtures` plugged into a fresh testbed.
    private func inProcess(_ fixtures: [String], _ arguments: [String]) throws -> CLIProcess.Result {
        try Testbed.with(fixtures) {
            arguments[0] == "monitor"
                ? InProcessMonitor.run(Array(arguments.dropFirst())) : InProcessCommand.run(arguments, in: BuiltBinary())
        }
    }

    func testOneDongleIsListedWithDevnodeUsbIDAndSerial() throws {
        let run = try inProcess(["raytac-bridge"], ["list", "--json"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let ports = try ports(run.stdout)
        XCTAssertEqual(ports.count, 1)
        XCTAssertEqual(ports.first?["devnode"] as? String, "/dev/ttyACM0")
        XCTAssertEqual(ports.first?["vendor_id"] as? String, "239a")
        XCTAssertEqual(ports.first?["product_id"] as? String, "810b")
        XCTAssertEqual(ports.first?["serial"] as? String, "F1E2D3C4B5A69788")
        XCTAssertEqual(
            ports.first?["by_id"] as? String,
            "/dev/serial/by-id/usb-Raytac_Corporation_GripFit_Bridge_F1E2D3C4B5A69788-if00"
        )
        XCTAssertEqual(ports.first?["bridge"] as? Bool, true)
    }

    func testTwoDonglesAreTwoEntriesAndOtherAdaptersOnlyWithAll() throws {
        let fixtures = ["raytac-bridge", "xiao-bridge", "ftdi-adapter"]
        let bridges = try ports(try inProcess(fixtures, ["list", "--json"]).stdout)
        XCTAssertEqual(bridges.compactMap { $0["serial"] as? String }, ["F1E2D3C4B5A69788", "3C5A1B2D9E8F7A60"])
        let all = try ports(try inProcess(fixtures, ["list", "--json", "--all"]).stdout)
        XCTAssertEqual(all.compactMap { $0["bridge"] as? Bool }, [true, true, false])

        let table = try inProcess(fixtures, ["list", "--all"])
        XCTAssertEqual(table.stdout.split(separator: "\n").count, 4, table.stdout)
        XCTAssertTrue(table.stdout.hasPrefix("DEVNODE"))
    }

    func testPortBySerialPicksThatDongleAndNoPortWithTwoIsRefused() throws {
        let fixtures = ["raytac-bridge", "xiao-bridge"]
        let picked = try CLIProcess.underUmockdev(fixtures, ["doctor", "--port", "3C5A", "--timeout", "0.5"])
        XCTAssertTrue(picked.stdout.contains("✔ bridge: /dev/ttyACM1 serial 3C5A1B2D9E8F7A60"), picked.stdout)
        let byId = try CLIProcess.underUmockdev(
            fixtures,
            [
                "doctor", "--port", "/dev/serial/by-id/usb-Raytac_Corporation_GripFit_Bridge_F1E2D3C4B5A69788-if00",
                "--timeout", "0.5",
            ]
        )
        XCTAssertTrue(byId.stdout.contains("✔ bridge: /dev/ttyACM0 serial F1E2D3C4B5A69788"), byId.stdout)

        let refused = try inProcess(fixtures, ["ping"])
        XCTAssertEqual(refused.status, 64)
        XCTAssertTrue(refused.stderr.contains("Several GripFit bridges"), refused.stderr)
        XCTAssertTrue(refused.stderr.contains("3C5A1B2D9E8F7A60") && refused.stderr.contains("F1E2D3C4B5A69788"))
    }

    /// Without --port and without a bridge (only another adapter), commands say so and exit 69.
    func testNoDongleSaysPlugItInAndExits69() throws {
        for command in [["ping"], ["monitor", "--duration", "5"]] {
            let run = try inProcess(["ftdi-adapter"], command)
            XCTAssertEqual(run.status, 69, "\(command)")
            XCTAssertTrue(run.stderr.contains("Plug in the dongle"), run.stderr)
        }
    }
}
