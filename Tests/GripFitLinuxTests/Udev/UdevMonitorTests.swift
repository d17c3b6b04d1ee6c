import GripFitCore
import GripFitLinux
import UmockdevTestSupport
import XCTest

/// Hotplug events from umockdev's testbed. One testbed at a time (XCTest runs serially).
final class UdevMonitorTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(try Testbed.available(), Testbed.skipReason)
    }

    /// Waits in poll() for the monitor's descriptor; the events arrive over a socket.
    private func inputs(from monitor: UdevMonitor) -> [LinkInput] {
        var descriptor = pollfd(fd: monitor.fileDescriptor, events: Int16(POLLIN), revents: 0)
        XCTAssertEqual(poll(&descriptor, 1, 5_000), 1, "no udev event within 5 s")
        return monitor.readInputs()
    }

    func testTheFollowedDongleLeavingAndComingBackUnderAnotherNumber() throws {
        let testbed = try Testbed()
        let first = try testbed.add(fixture: "raytac-bridge")
        let context = try UdevContext()
        let port = try XCTUnwrap(UdevEnumerator(context: context).bridges().first)
        let monitor = try UdevMonitor(context: context, following: port)

        testbed.unplug(first)
        XCTAssertEqual(inputs(from: monitor), [.portFailed(.removed)])

        try testbed.add(fixture: "raytac-bridge", replacing: Testbed.replugAsACM1)
        XCTAssertEqual(inputs(from: monitor), [.portAppeared])
        XCTAssertEqual(monitor.following?.devnode, "/dev/ttyACM1")
        XCTAssertEqual(
            try PortLocator(selection: .usb(port), context: context).locate(),
            "/dev/ttyACM1",
            "the locator follows the serial number, not the old ttyACM0"
        )
    }

    func testAnotherDongleComingAndGoingIsIgnored() throws {
        let testbed = try Testbed()
        let followed = try testbed.add(fixture: "raytac-bridge")
        let context = try UdevContext()
        let port = try XCTUnwrap(UdevEnumerator(context: context).bridges().first)
        let monitor = try UdevMonitor(context: context, following: port)

        let other = try testbed.add(fixture: "xiao-bridge")
        testbed.unplug(other)
        // The followed dongle leaving last marks the end: everything before it must have been ignored.
        testbed.unplug(followed)
        var seen: [LinkInput] = []
        while !seen.contains(.portFailed(.removed)) {
            let batch = inputs(from: monitor)
            if batch.isEmpty, seen.isEmpty { continue }
            seen += batch
        }
        XCTAssertEqual(seen, [.portFailed(.removed)])
    }

    func testTheLocatorSaysNotFoundWhileTheDongleIsAway() throws {
        let testbed = try Testbed()
        let device = try testbed.add(fixture: "raytac-bridge")
        let context = try UdevContext()
        let port = try XCTUnwrap(UdevEnumerator(context: context).bridges().first)
        testbed.unplug(device)
        XCTAssertThrowsError(try PortLocator(selection: .usb(port), context: context).locate()) { error in
            XCTAssertEqual(error as? PortError, .notFound(path: port.stablePath))
        }
    }
}
