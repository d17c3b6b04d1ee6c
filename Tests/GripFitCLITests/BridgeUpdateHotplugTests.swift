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
    /// The native bridge as built (1.0.0) and as built reporting 0.9.0 (`make -C firmware-bridge native BRIDGE_VERSION=0.9.0`).
    private static let nativeBridge = root.appendingPathComponent("firmware-bridge/build/native/plain/gripfit-bridge-native")
    private static let oldNativeBridge = root.appendingPathComponent("firmware-bridge/build/native-0.9.0/plain/gripfit-bridge-native")
    /// A dongle as the testbed plays it: its fixture's text edited for the bridge, for its bootloader
    /// after the touch, and for the bridge back from the bootloader (umockdev cannot re-add a
    /// removed device under its old path, so each comes back under another number and USB path).
    private struct Dongle {
        let devnode: String
        let bridge: [(String, String)]
        let bootloader: [(String, String)]
        let back: [(String, String)]
    }

    private static let first = Dongle(
        devnode: "/dev/ttyACM0",
        bridge: [],
        bootloader: [],
        back: [("/1-2", "/1-7"), ("001/005", "001/010"), ("ttyACM0", "ttyACM2"), ("MINOR=0", "MINOR=2")]
    )
    private static let second: Dongle = {
        let serial = ("F1E2D3C4B5A69788", "0123456789ABCDEF")
        return Dongle(
            devnode: "/dev/ttyACM3",
            bridge: [serial, ("/1-2", "/1-3"), ("001/005", "001/006"), ("ttyACM0", "ttyACM3"), ("MINOR=0", "MINOR=3")],
            bootloader: [serial, ("/1-6", "/1-8"), ("001/009", "001/011"), ("ttyACM1", "ttyACM4"), ("MINOR=1", "MINOR=4")],
            back: [serial, ("/1-2", "/1-9"), ("001/005", "001/012"), ("ttyACM0", "ttyACM5"), ("MINOR=0", "MINOR=5")]
        )
    }()

    override func setUpWithError() throws {
        LaunchLog.xcTest = name
        try XCTSkipUnless(try Testbed.available(), Testbed.skipReason)
        try XCTSkipUnless(
            FileManager.default.isExecutableFile(atPath: Self.fakeBootloader),
            "needs the fake bootloader: make -C firmware-bridge native"
        )
    }

    func testTheTouchFindsTheBootloaderByItsSerialNumberAndTheNewVersionIsConfirmed() throws {
        let run = try update(["--port", "/dev/ttyACM0"], dongles: [Self.first], comingBackAs: "bridge-1.2.3.script")
        XCTAssertEqual(run.status, 0, run.output)
        XCTAssertTrue(
            run.output.contains("Restarting the bridge on /dev/ttyACM0 (firmware 1.0.0, USB serial number F1E2D3C4B5A69788)"),
            run.output
        )
        XCTAssertTrue(run.output.contains("Found its bootloader on /dev/ttyACM1"), run.output)
        XCTAssertTrue(run.output.contains("Confirmed: the bridge on /dev/ttyACM2 reports firmware 1.2.3."), run.output)
    }

    func testABridgeThatComesBackWithItsOldVersionExits69() throws {
        let run = try update(["--port", "/dev/ttyACM0"], dongles: [Self.first], comingBackAs: "bridge-1.0.0.script")
        XCTAssertEqual(run.status, 69, run.output)
        XCTAssertTrue(run.output.contains("reporting firmware 1.0.0, not the package's 1.2.3"), run.output)
        XCTAssertTrue(run.output.contains("Run the same command again"), run.output)
    }

    func testAllBridgesUpdatesEachInTurn() throws {
        let run = try update(["--all-bridges"], dongles: [Self.first, Self.second], comingBackAs: "bridge-1.2.3.script")
        XCTAssertEqual(run.status, 0, run.output)
        XCTAssertTrue(run.output.contains("Updating bridge 1 of 2: /dev/ttyACM"), run.output)
        XCTAssertTrue(run.output.contains("Updating bridge 2 of 2: /dev/ttyACM"), run.output)
        XCTAssertTrue(run.output.contains("Confirmed: the bridge on /dev/ttyACM2 reports firmware 1.2.3."), run.output)
        XCTAssertTrue(run.output.contains("Confirmed: the bridge on /dev/ttyACM5 reports firmware 1.2.3."), run.output)
    }

    /// The real bridge code on the other side: the native bridge built as 0.9.0 takes the touch
    /// itself (the 1200-baud close) and becomes the fake bootloader on a new pty, which, once it has
    /// the whole image, starts the native bridge as built (1.0.0, the package's version) on another.
    /// The testbed plays only the USB side: each pty shown to the command as the dongle's ttyACM.
    func testTheNativeBridgeTakesTheTouchAndComesBackWithTheNewFirmware() throws {
        for binary in [Self.nativeBridge, Self.oldNativeBridge] {
            try XCTSkipUnless(
                FileManager.default.isExecutableFile(atPath: binary.path),
                "needs \(binary.path): make -C firmware-bridge native native BRIDGE_VERSION=0.9.0"
            )
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-native-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        func path(_ name: String) -> String { scratch.appendingPathComponent(name).path }
        // One simulated GripFit for the old bridge's radio, one for the new one's (a server serves one radio).
        let gripfits = try ["old.sock", "new.sock"].map { try RunningCLI(["simulate", "--serve-gripfit", path($0)]) }
        defer { for gripfit in gripfits { _ = gripfit.stop() } }
        let imageOut = path("image.bin")
        let bridgeArguments = [
            "--gripfit-socket", path("old.sock"), "--flash", path("flash-old"),
            "--bootloader", Self.fakeBootloader, "--image-out", imageOut,
            "--then", Self.nativeBridge.path, "--gripfit-socket", path("new.sock"), "--flash", path("flash-new"),
        ]
        try FileManager.default.createDirectory(atPath: path("flash-old"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: path("flash-new"), withIntermediateDirectories: true)
        let dongle = try RunningCLI(bridgeArguments, executable: Self.oldNativeBridge)
        let deadline = Date().addingTimeInterval(60)
        // Each pty the dongle makes (the bridge, its bootloader, the new bridge), opened as the USB side.
        func nextTerminal() throws -> Int32 {
            let name = try XCTUnwrap(dongle.nextLine(before: deadline), "the dongle printed no pty")
            let fd = open(name, O_RDWR | O_NOCTTY | O_CLOEXEC)
            XCTAssertGreaterThanOrEqual(fd, 0, "open \(name): errno \(errno)")
            var raw = termios()
            tcgetattr(fd, &raw)
            cfmakeraw(&raw)
            tcsetattr(fd, TCSANOW, &raw)
            return fd
        }

        let testbed = try Testbed()
        let bridge = try testbed.add(fixture: "raytac-bridge")
        let running = try nextTerminal()
        let package = Self.root.appendingPathComponent("Tests/GripFitFirmwareTests/Fixtures/tiny-1.0.0.zip").path
        let command = try RunningCLI(["bridge", "update", package, "--port", "/dev/ttyACM0"])
        var output: [String] = []
        func line(starting prefix: String) -> Bool {
            while let line = command.nextLine(before: deadline) {
                output.append(line)
                if line.hasPrefix(prefix) { return true }
            }
            XCTFail("the command did not say \(prefix)…")
            return false
        }
        func finish() -> (status: Int32, output: String) {
            while let line = command.nextLine(before: deadline) { output.append(line) }
            let end = command.stop()
            return (end.status, (output + [end.stderr]).joined(separator: "\n"))
        }

        guard line(starting: "Asking the dongle on /dev/ttyACM0") else { return XCTFail(finish().output) }
        let toBridge = PtyRelay(testbed.peer(of: bridge), running)
        guard line(starting: "Restarting the bridge on /dev/ttyACM0 (firmware 0.9.0") else { return XCTFail(finish().output) }
        toBridge.wait()
        testbed.unplug(bridge)
        let bootloader = try testbed.add(fixture: "raytac-bootloader")
        let bootloaderTerminal = try nextTerminal()
        guard line(starting: "Sending ") else { return XCTFail(finish().output) }
        let toBootloader = PtyRelay(testbed.peer(of: bootloader), bootloaderTerminal)
        guard line(starting: "The bootloader took the whole image") else { return XCTFail(finish().output) }
        toBootloader.wait()

        testbed.unplug(bootloader)
        let back = try testbed.add(fixture: "raytac-bridge", replacing: Self.first.back)
        // The new bridge's pty: the fake wrote the image before it started it (the command may
        // have read the last acknowledgement before the image was on disk).
        let updated = try nextTerminal()
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: imageOut)), try Self.packageImage())
        guard line(starting: "Found the bridge again on /dev/ttyACM2") else { return XCTFail(finish().output) }
        let toUpdated = PtyRelay(testbed.peer(of: back), updated)
        let run = finish()
        toUpdated.wait()
        XCTAssertEqual(run.status, 0, run.output)
        XCTAssertTrue(run.output.contains("Confirmed: the bridge on /dev/ttyACM2 reports firmware 1.0.0."), run.output)
        let end = dongle.stop()
        XCTAssertEqual(end.status, 0, end.stderr)
        XCTAssertFalse(end.stderr.contains("Sanitizer") || end.stderr.contains("cannot start"), end.stderr)
    }

    private struct Run {
        let status: Int32
        let output: String
    }

    /// `bridge update` of bridges running 1.0.0 to the package's 1.2.3, each coming back as `script` says.
    private func update(_ arguments: [String], dongles: [Dongle], comingBackAs script: String) throws -> Run {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-update-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }

        let testbed = try Testbed()
        var plugged: [String: Testbed.Device] = [:]
        for dongle in dongles {
            let device = try testbed.add(fixture: "raytac-bridge", replacing: dongle.bridge)
            try testbed.play(script: "bridge-1.0.0.script", on: device)
            plugged[dongle.devnode] = device
        }
        let command = try RunningCLI(["bridge", "update", Self.package] + arguments)
        var output: [String] = []
        let deadline = Date().addingTimeInterval(60)
        func line(starting prefix: String) -> String? {
            while let line = command.nextLine(before: deadline) {
                output.append(line)
                if line.hasPrefix(prefix) { return line }
            }
            return nil
        }
        func finish() -> Run {
            while let line = command.nextLine(before: deadline) { output.append(line) }
            let end = command.stop()
            return Run(status: end.status, output: (output + [end.stderr]).joined(separator: "\n"))
        }

        for (index, _) in dongles.enumerated() {
            // The touch: the port closed with the line at 1200 baud, then the dongle re-enumerates.
            guard let restarting = line(starting: "Restarting the bridge on ") else { return finish() }
            let devnode = String(restarting.dropFirst("Restarting the bridge on ".count).prefix { $0 != " " })
            guard let dongle = dongles.first(where: { $0.devnode == devnode }), let bridge = plugged[devnode] else {
                XCTFail("update \(index + 1) restarted \(devnode), which the test did not plug in")
                return finish()
            }
            let peer = testbed.peer(of: bridge)
            XCTAssertTrue(Self.waitForHangUp(peer, before: deadline), "the command did not close \(devnode) after the touch")
            var settings = termios()
            XCTAssertEqual(tcgetattr(peer, &settings), 0)
            XCTAssertEqual(cfgetospeed(&settings), speed_t(B1200), "the touch left \(devnode) at another speed")
            testbed.unplug(bridge)
            let bootloader = try testbed.add(fixture: "raytac-bootloader", replacing: dongle.bootloader)

            // The transfer, relayed between the emulated bootloader port and a fake bootloader.
            let imageOut = scratch.appendingPathComponent("image-\(index).bin").path
            let fake = try FakeBootloaderProcess(binary: Self.fakeBootloader, imageOut: imageOut)
            defer { fake.stop() }
            guard line(starting: "Sending ") != nil else { return finish() }
            let relay = PtyRelay(testbed.peer(of: bootloader), fake.terminal)
            guard line(starting: "The bootloader took the whole image") != nil else { return finish() }
            relay.wait()
            XCTAssertEqual(fake.wait(), 0, fake.stderr)
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: imageOut)), try Self.packageImage())

            // The bridge back under another number.
            testbed.unplug(bootloader)
            let back = try testbed.add(fixture: "raytac-bridge", replacing: dongle.back)
            try testbed.play(script: script, on: back)
        }
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
