import Foundation
import XCTest

/// `bridge update` refusals from outside, none of which may touch the port: the packages are the
/// firmware tests' fixtures (made by adafruit-nrfutil). The transfers themselves, against the fake
/// bootloader, are in firmware-bridge/native/dfu-test.py (`make -C firmware-bridge dfu-test`).
final class BridgeUpdateTests: XCTestCase {
    private func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("GripFitFirmwareTests/Fixtures").appendingPathComponent(name).path
    }

    func testAPackageForAnotherDeviceTypeIsRefusedWith65BeforeThePortIsOpened() throws {
        let run = try CLIProcess.run(
            ["bridge", "update", fixture("tiny-device-0x0053.zip"), "--port", "/nonexistent/port", "--no-confirm"]
        )
        XCTAssertEqual(run.status, 65, run.stderr)
        XCTAssertTrue(run.stderr.contains("device type 0x0053, not the Adafruit bootloader's 0x0052"), run.stderr)
        XCTAssertTrue(run.stderr.contains("Nothing was sent"), run.stderr)
    }

    func testAFileThatIsNoZipIsRefusedWith65AndAMissingOneWith66() throws {
        let notZip = try CLIProcess.run(["bridge", "update", fixture("tiny.bin"), "--port", "/nonexistent/port", "--no-confirm"])
        XCTAssertEqual(notZip.status, 65, notZip.stderr)
        XCTAssertTrue(notZip.stderr.contains("it is not a zip file (it starts with 0xc0 0xdb"), notZip.stderr)
        let missing = try CLIProcess.run(["bridge", "update", fixture("none.zip"), "--port", "/nonexistent/port", "--no-confirm"])
        XCTAssertEqual(missing.status, 66, missing.stderr)
        XCTAssertTrue(missing.stderr.contains("none.zip: cannot open (No such file or directory)"), missing.stderr)
    }

    func testWithoutNoConfirmNothingIsSentAndTheMessageSaysWhy() throws {
        let run = try CLIProcess.run(["bridge", "update", fixture("tiny-1.2.3.zip"), "--port", "/nonexistent/port"])
        XCTAssertEqual(run.status, 64, run.stderr)
        XCTAssertTrue(run.stderr.contains("(version 1.2.3) was not sent"), run.stderr)
        XCTAssertTrue(run.stderr.contains("add --no-confirm"), run.stderr)
    }
}
