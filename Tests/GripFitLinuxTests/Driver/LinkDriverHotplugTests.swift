import GripFitCore
import GripFitLinux
import UmockdevTestSupport
import XCTest

/// The whole hotplug path: a session reading an emulated dongle, which is unplugged and comes back
/// as ttyACM1; the udev monitor in the driver's poll loop brings the session back at once.
final class LinkDriverHotplugTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(try Testbed.available(), Testbed.skipReason)
    }

    func testTheSessionResumesOnTheReaddAndLosesNoReadingSentAfterIt() throws {
        let testbed = try Testbed()
        let first = try testbed.add(fixture: "raytac-bridge")
        let context = try UdevContext()
        let selection = try PortSelector.select("F1E2D3C4", among: UdevEnumerator(context: context).usbSerialPorts())
        guard case .usb(let port) = selection else { return XCTFail("not a USB port: \(selection)") }
        let driver = LinkDriver(open: PortLocator(selection: selection, context: context).open)
        driver.eventSources = [try UdevMonitor(context: context, following: port)]

        var second: Testbed.Device?
        var opened: [String] = []
        var readings: [Int32] = []
        var states: [LinkState] = []
        let clock = MonotonicClock()
        let stop = try driver.run(until: clock.now() + .seconds(20)) { report, _ in
            switch report {
            case .state(let state):
                states.append(state)
                if state == .scanning, let path = driver.openPortPath {
                    // The port is open: play the dongle on its pty.
                    opened.append(path)
                    let device = second ?? first
                    let base: Int32 = second == nil ? 1 : 4
                    Self.write((base..<base + 3).map { "R:\($0)\n" }.joined(), to: testbed.peer(of: device))
                }
            case .message(.reading(let value)):
                readings.append(value)
                if value == 3 {
                    testbed.unplug(first)
                    second = try? testbed.add(fixture: "raytac-bridge", replacing: Testbed.replugAsACM1)
                }
                if value == 6 { return false }
            default:
                break
            }
            return true
        }
        XCTAssertEqual(stop, .handler, "stopped by \(stop); states \(states)")
        XCTAssertEqual(opened, ["/dev/ttyACM0", "/dev/ttyACM1"])
        XCTAssertEqual(readings, [1, 2, 3, 4, 5, 6])
        XCTAssertEqual(
            states,
            [.scanning, .connected, .error(.dongleMissing), .scanning, .connected],
            "the gap is marked by a state change"
        )
    }

    private static func write(_ text: String, to fd: Int32) {
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        XCTAssertEqual(written, bytes.count, "write to the pty master: errno \(errno)")
    }
}
