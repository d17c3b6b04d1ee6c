import Foundation
import Glibc
import UmockdevTestSupport
import XCTest

/// `bridge update` on a Raytac dongle udev knows (umockdev), the whole way: the running bridge
/// asked its version, the 1200-baud touch, the bootloader found again by the dongle's USB serial
/// number under another ttyACM number, the image through the fake bootloader
/// (firmware-bridge/native/bootloader, which checks it and writes it out), and the bridge found
/// again and asked `BRIDGE:INFO`. The test plays the dongle: it waits for what the command prints,
/// never for time.
final class BridgeUpdateHotplugTests: XCTestCase {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    private static let fakeBootloader = root.appendingPathComponent("firmware-bridge/build/native/plain/gripfit-bootloader-fake").path
    private static let package = root.appendingPathComponent("Tests/GripFitFirmwareTests/Fixtures/tiny-1.2.3.zip").path
    /// The bridge back from its bootloader as ttyACM2, on a USB path of its own (umockdev cannot
    /// re-add a removed device under its old path).
    private static let backAsACM2 = [("/1-2", "/1-7"), ("001/005", "001/010"), ("ttyACM0", "ttyACM2"), ("MINOR=0", "MINOR=2")]

    override func setUpWithError() throws {
        try XCTSkipUnless(try Testbed.available(), Testbed.skipReason)
        try XCTSkipUnless(
            FileManager.default.isExecutableFile(atPath: Self.fakeBootloader),
            "needs the fake bootloader: make -C firmware-bridge native"
        )
    }

    func testTheTouchFindsTheBootloaderByItsSerialNumberAndTheNewVersionIsConfirmed() throws {
        let run = try update(comesBackAs: "bridge-1.2.3.script")
        XCTAssertEqual(run.status, 0, run.output)
        XCTAssertTrue(
            run.output.contains("Restarting the bridge on /dev/ttyACM0 (firmware 1.0.0, USB serial number F1E2D3C4B5A69788)"),
            run.output
        )
        XCTAssertTrue(run.output.contains("Found its bootloader on /dev/ttyACM1"), run.output)
        XCTAssertTrue(run.output.contains("Confirmed: the bridge on /dev/ttyACM2 reports firmware 1.2.3."), run.output)
    }

    func testABridgeThatComesBackWithItsOldVersionExits69() throws {
        let run = try update(comesBackAs: "bridge-1.0.0.script")
        XCTAssertEqual(run.status, 69, run.output)
        XCTAssertTrue(run.output.contains("reporting firmware 1.0.0, not the package's 1.2.3"), run.output)
        XCTAssertTrue(run.output.contains("Run the same command again"), run.output)
    }

    private struct Run {
        let status: Int32
        let output: String
    }

    /// The update of a bridge running 1.0.0 to the package's 1.2.3, the bridge coming back as `script` says.
    private func update(comesBackAs script: String) throws -> Run {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-update-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let imageOut = scratch.appendingPathComponent("image.bin").path
        let fake = try FakeBootloaderProcess(binary: Self.fakeBootloader, imageOut: imageOut)
        defer { fake.stop() }

        let testbed = try Testbed()
        let bridge = try testbed.add(fixture: "raytac-bridge")
        try testbed.play(script: "bridge-1.0.0.script", on: bridge)
        let command = try RunningCLI(["bridge", "update", Self.package, "--port", "/dev/ttyACM0"])
        var output: [String] = []
        let deadline = Date().addingTimeInterval(60)
        func line(starting prefix: String) -> Bool {
            while let line = command.nextLine(before: deadline) {
                output.append(line)
                if line.hasPrefix(prefix) { return true }
            }
            return false
        }
        func finish() -> Run {
            while let line = command.nextLine(before: deadline) { output.append(line) }
            let end = command.stop()
            return Run(status: end.status, output: (output + [end.stderr]).joined(separator: "\n"))
        }

        // The touch: the port closed with the line at 1200 baud, then the dongle re-enumerates.
        guard line(starting: "Restarting the bridge") else { return finish() }
        let peer = testbed.peer(of: bridge)
        XCTAssertTrue(Self.waitForHangUp(peer, before: deadline), "the command did not close the bridge's port after the touch")
        var settings = termios()
        XCTAssertEqual(tcgetattr(peer, &settings), 0)
        XCTAssertEqual(cfgetospeed(&settings), speed_t(B1200), "the touch left the line at another speed")
        testbed.unplug(bridge)
        let bootloader = try testbed.add(fixture: "raytac-bootloader")

        // The transfer, relayed between the emulated bootloader port and the fake bootloader.
        guard line(starting: "Sending ") else { return finish() }
        let relay = PtyRelay(testbed.peer(of: bootloader), fake.terminal)
        guard line(starting: "The bootloader took the whole image") else { return finish() }
        relay.wait()
        XCTAssertEqual(fake.wait(), 0, fake.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: imageOut)), try Self.packageImage())

        // The bridge back under another number.
        testbed.unplug(bootloader)
        let back = try testbed.add(fixture: "raytac-bridge", replacing: Self.backAsACM2)
        try testbed.play(script: script, on: back)
        return finish()
    }

    /// The application image the package holds, as the fake bootloader must have written it.
    private static func packageImage() throws -> Data {
        try Data(contentsOf: root.appendingPathComponent("Tests/GripFitFirmwareTests/Fixtures/tiny.bin"))
    }

    /// Whether the program closed its end (the master sees POLLHUP) before `deadline`.
    private static func waitForHangUp(_ fd: Int32, before deadline: Date) -> Bool {
        var descriptor = pollfd(fd: fd, events: 0, revents: 0)
        let milliseconds = Int32(max(0, deadline.timeIntervalSinceNow * 1000))
        return poll(&descriptor, 1, milliseconds) > 0 && descriptor.revents & Int16(POLLHUP) != 0
    }
}
