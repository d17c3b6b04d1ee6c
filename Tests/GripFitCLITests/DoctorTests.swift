import UmockdevTestSupport
import XCTest

/// `doctor`: one ✔/✘/– line per check, and the exit code says whether all passed. A bridge that
/// answers through the binary under `umockdev-run`; the failures in-process on a ``Testbed`` of
/// the test's own (issue 32).
final class DoctorTests: XCTestCase {
    override func setUpWithError() throws {
        LaunchLog.xcTest = name
        try XCTSkipUnless(try Testbed.available(), Testbed.skipReason)
    }

    private func inProcess(_ fixture: String, _ arguments: [String]) throws -> CLIProcess.Result {
        try Testbed.with([fixture]) { InProcessCommand.run(arguments, in: BuiltBinary()) }
    }

    func testASilentBridgeFailsWithFixesAndExitCodeOne() throws {
        let run = try inProcess("xiao-bridge", ["doctor", "--timeout", "1"])
        XCTAssertEqual(run.status, 1, run.stdout + run.stderr)
        let lines = run.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, 8, run.stdout)
        XCTAssertTrue(lines.allSatisfy { $0.hasPrefix("✔ ") || $0.hasPrefix("✘ ") })
        XCTAssertTrue(lines.filter { $0.hasPrefix("✘ ") }.allSatisfy { $0.contains("Fix: ") })
        XCTAssertTrue(lines.contains { $0.hasPrefix("✘ BRIDGE:INFO") }, run.stdout)
        XCTAssertTrue(lines.contains { $0.hasPrefix("✔ bridge: /dev/ttyACM1 serial 3C5A1B2D9E8F7A60") }, run.stdout)
    }

    func testABridgeThatAnswersPassesThoseChecks() throws {
        let run = try CLIProcess.underUmockdev(
            ["raytac-bridge"],
            scripts: ["/dev/ttyACM0": "bridge-connected.script"],
            ["doctor"]
        )
        XCTAssertTrue(run.stdout.contains("✔ BRIDGE:INFO: bridge firmware 1.2.0"), run.stdout + run.stderr)
        XCTAssertTrue(run.stdout.contains("✔ GripFit: connected (C0:FF:EE:12:34:56)"), run.stdout)
        XCTAssertEqual(run.status == 0, !run.stdout.contains("✘"), "exit 0 exactly when no check failed")
    }

    /// Without a dongle, doctor's advice is what to look at next, not "run doctor".
    func testNoBridgeGivesTheNextStepNotDoctorAgain() throws {
        let run = try inProcess("ftdi-adapter", ["doctor", "--timeout", "1"])
        XCTAssertEqual(run.status, 1, run.stdout + run.stderr)
        XCTAssertFalse(run.stdout.contains("gripfit-serial doctor"), run.stdout)
        let bridge = try XCTUnwrap(run.stdout.split(separator: "\n").first { $0.hasPrefix("✘ bridge: ") }, run.stdout)
        XCTAssertTrue(bridge.contains("lsusb"), String(bridge))
        XCTAssertTrue(bridge.contains("239a:810b"), "the IDs as lsusb prints them: \(bridge)")
        XCTAssertTrue(run.stdout.contains("--port can name:"), "the other serial ports are listed: \(run.stdout)")
        XCTAssertEqual(run.stdout.split(separator: "\n").filter { $0.hasPrefix("– ") }.count, 5, "not checked, not failed: \(run.stdout)")
    }
}
