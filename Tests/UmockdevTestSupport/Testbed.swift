import Foundation
import Glibc

/// umockdev's testbed for one test: fake USB serial devices in a private /sys and /dev, uevents,
/// and the pty master behind each emulated tty, so the test can play the dongle.
///
/// Only works in a process started under `umockdev-wrapper` (`make test`); create a new one per
/// test, before any udev monitor, and never two at once (`UMOCKDEV_DIR` is process-wide).
public final class Testbed {
    /// Whether the preload is active. `umockdev_in_mock_environment()` caches its first answer,
    /// so the environment is read instead.
    public static var isActive: Bool {
        ProcessInfo.processInfo.environment["LD_PRELOAD"]?.contains("libumockdev-preload") ?? false
    }
    /// Whether the udev tests can run: false (skip) without the preload, unless
    /// `GRIPFIT_REQUIRE_UMOCKDEV=1` (`make test`) makes that an error rather than a silent skip.
    public static func available() throws -> Bool {
        if isActive { return true }
        if ProcessInfo.processInfo.environment["GRIPFIT_REQUIRE_UMOCKDEV"] == "1" {
            throw TestbedError(
                message: "GRIPFIT_REQUIRE_UMOCKDEV=1 but LD_PRELOAD lacks libumockdev-preload: run under umockdev-wrapper"
            )
        }
        return false
    }

    public static let skipReason = "needs umockdev: run `make test` (umockdev-wrapper swift test)"

    public static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// A device description by name, without `.umockdev`.
    public static func fixturePath(_ name: String) -> String {
        fixtureFile("\(name).umockdev")
    }

    public static func fixtureFile(_ fileName: String) -> String {
        fixtures.appendingPathComponent(fileName).path
    }

    /// Where one fixture's devices live in the testbed.
    public struct Device: Sendable {
        /// The usb_device, to remove the whole dongle.
        public let usbSyspath: String
        public let ttySyspath: String
        public let devnode: String
        /// Symlinks under /dev (by-id), which removing the device leaves behind.
        public let links: [String]
    }

    /// `raytac-bridge` plugged back into another USB port, as ttyACM1 (a new USB path too:
    /// umockdev cannot re-add a removed device under its old path).
    public static let replugAsACM1 = [
        ("/1-2", "/1-6"), ("001/005", "001/009"), ("ttyACM0", "ttyACM1"), ("MINOR=0", "MINOR=1"),
    ]

    private let library: UmockdevLibrary
    private let handle: OpaquePointer

    public init() throws {
        library = try UmockdevLibrary.shared.get()
        guard let handle = library.testbedNew() else { throw TestbedError(message: "umockdev_testbed_new failed") }
        self.handle = handle
    }

    deinit {
        library.objectUnref(UnsafeMutableRawPointer(handle))
    }

    /// Adds a fixture and sends its add uevents; `replacing` edits its text first (another
    /// ttyACM number after a replug).
    @discardableResult
    public func add(fixture name: String, replacing replacements: [(String, String)] = []) throws -> Device {
        var text = try String(contentsOfFile: Self.fixturePath(name), encoding: .utf8)
        for (old, new) in replacements { text = text.replacingOccurrences(of: old, with: new) }
        var error: UnsafeMutableRawPointer?
        guard library.addFromString(handle, text, &error) != 0 else {
            throw TestbedError(message: "\(name): \(library.consume(error))")
        }
        let paths = text.split(separator: "\n").filter { $0.hasPrefix("P: ") }.map { "/sys" + $0.dropFirst(3) }
        let devnode = text.split(separator: "\n").last { $0.hasPrefix("E: DEVNAME=") }.map { String($0.dropFirst(11)) }
        let links = text.split(separator: "\n").filter { $0.hasPrefix("S: ") }.map { String($0.dropFirst(3)) }
        return Device(usbSyspath: paths[0], ttySyspath: paths[paths.count - 1], devnode: devnode ?? "", links: links)
    }

    /// Unplugs: the remove uevent first (removing the device sends none), then the device and,
    /// as udev would, its by-id links.
    public func unplug(_ device: Device) {
        library.uevent(handle, device.ttySyspath, "remove")
        library.removeDevice(handle, device.usbSyspath)
        guard let root = library.getRootDir(handle) else { return }
        defer { library.free(root) }
        for link in device.links { unlink(String(cString: root) + "/dev/" + link) }
    }

    /// Makes the device answer as the script says (umockdev script format).
    public func play(script name: String, on device: Device) throws {
        var error: UnsafeMutableRawPointer?
        guard library.loadScript(handle, device.devnode, Self.fixtureFile(name), &error) != 0 else {
            throw TestbedError(message: "\(name): \(library.consume(error))")
        }
    }

    /// `body` run with `fixtures` plugged into a fresh testbed and `scripts` (devnode: script file)
    /// playing on their devices: the in-process twin of `umockdev-run --device … --script …`.
    public static func with<T>(_ fixtures: [String], scripts: [String: String] = [:], _ body: () throws -> T) throws -> T {
        let testbed = try Testbed()
        for fixture in fixtures {
            let device = try testbed.add(fixture: fixture)
            if let script = scripts[device.devnode] { try testbed.play(script: script, on: device) }
        }
        return try withExtendedLifetime(testbed) { try body() }
    }

    /// The pty master behind an emulated tty: what the test writes here, the program reads.
    public func peer(of device: Device) -> Int32 {
        library.getDevFD(handle, device.devnode)
    }
}
