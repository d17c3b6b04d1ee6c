import CGripFitShims
import Foundation
import Glibc
import XCTest

@testable import GripFitCLI

/// `bridge update` refusals from outside, none of which sends anything to the dongle: the packages are the
/// firmware tests' fixtures (made by adafruit-nrfutil). The transfers themselves, against the fake
/// bootloader, are in firmware-bridge/native/dfu-test.py (`make -C firmware-bridge dfu-test`).
final class BridgeUpdateTests: XCTestCase {
    override func setUp() {
        super.setUp()
        LaunchLog.xcTest = name
    }

    private func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("GripFitFirmwareTests/Fixtures").appendingPathComponent(name).path
    }

    /// What `bridge update PACKAGE --port /nonexistent/port --no-confirm` says of `package`, in-process
    /// (issue 32): the package is read and checked before any port is opened, so the port is never
    /// looked at; ``testAPortUdevDoesNotKnowNeedsNoConfirmAndNothingIsSent`` runs the binary.
    private func refusal(_ package: String) throws -> CLIFailure? {
        let parsed = try GripFitSerial.parse(["bridge", "update", package, "--port", "/nonexistent/port", "--no-confirm"])
        let update = try XCTUnwrap(parsed as? BridgeUpdate)
        do {
            try update.run()
            return nil
        } catch {
            return CLIFailure(error)
        }
    }

    func testAPackageForAnotherDeviceTypeIsRefusedWith65BeforeThePortIsOpened() throws {
        let failure = try XCTUnwrap(try refusal(fixture("tiny-device-0x0053.zip")))
        XCTAssertEqual(failure.status.rawValue, 65, failure.message)
        XCTAssertTrue(failure.message.contains("device type 0x0053, not the Adafruit bootloader's 0x0052"), failure.message)
        XCTAssertTrue(failure.message.contains("Nothing was sent"), failure.message)
    }

    func testAFileThatIsNoZipIsRefusedWith65AndAMissingOneWith66() throws {
        let notZip = try XCTUnwrap(try refusal(fixture("tiny.bin")))
        XCTAssertEqual(notZip.status.rawValue, 65, notZip.message)
        XCTAssertTrue(notZip.message.contains("it is not a zip file (it starts with 0xc0 0xdb"), notZip.message)
        let missing = try XCTUnwrap(try refusal(fixture("none.zip")))
        XCTAssertEqual(missing.status.rawValue, 66, missing.message)
        XCTAssertTrue(missing.message.contains("none.zip: cannot open (No such file or directory)"), missing.message)
    }

    /// A port that answers as no bridge and that udev does not know (a pty here) is taken as a
    /// bootloader, but the bridge could not be found again afterwards: without --no-confirm nothing goes.
    func testAPortUdevDoesNotKnowNeedsNoConfirmAndNothingIsSent() throws {
        var path = [CChar](repeating: 0, count: 128)
        let master = gripfit_open_pty(&path, UInt(path.count))
        XCTAssertGreaterThanOrEqual(master, 0, "errno \(errno)")
        defer { close(master) }
        let port = String(cString: path)
        let run = try CLIProcess.run(["bridge", "update", fixture("tiny-1.2.3.zip"), "--port", port])
        XCTAssertEqual(run.status, 64, run.stderr)
        XCTAssertTrue(run.stderr.contains("udev does not know its USB serial number"), run.stderr)
        XCTAssertTrue(run.stderr.contains("nothing was sent. Add --no-confirm"), run.stderr)
        // What the port received: the question only, no DFU frame (SLIP's 0xC0).
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 256)
        while poll(&descriptor, 1, 0) > 0, descriptor.revents & Int16(POLLIN) != 0 {
            let count = read(master, &buffer, buffer.count)
            guard count > 0 else { break }
            received += buffer.prefix(count)
        }
        XCTAssertEqual(String(decoding: received, as: UTF8.self), "BRIDGE:INFO\n")
    }
}
