import GripFitLinux
import UmockdevTestSupport
import XCTest

/// Enumeration and selection against umockdev fixtures. XCTest, not Swift Testing: these tests
/// share the process-wide testbed and must run one at a time.
final class UdevEnumeratorTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(try Testbed.available(), Testbed.skipReason)
    }

    func testARaytacBridgeIsListedWithItsUsbIdentity() throws {
        let testbed = try Testbed()
        try testbed.add(fixture: "raytac-bridge")
        let ports = try UdevEnumerator(context: UdevContext()).usbSerialPorts()
        XCTAssertEqual(ports.count, 1)
        let port = try XCTUnwrap(ports.first)
        XCTAssertEqual(port.devnode, "/dev/ttyACM0")
        XCTAssertEqual(port.byIdPath, "/dev/serial/by-id/usb-Raytac_Corporation_GripFit_Bridge_F1E2D3C4B5A69788-if00")
        XCTAssertEqual(port.id, UsbDeviceID(vendor: 0x239A, product: 0x810B))
        XCTAssertEqual(port.serial, "F1E2D3C4B5A69788")
        XCTAssertEqual(port.manufacturer, "Raytac Corporation")
        XCTAssertEqual(port.product, "GripFit Bridge")
        XCTAssertTrue(port.isBridge)
        XCTAssertEqual(port.properties["ID_MM_DEVICE_IGNORE"], "1")
    }

    func testBridgesAreFoundByProductStringByIDAndByTheRuleFlagButNotOtherAdapters() throws {
        let testbed = try Testbed()
        for fixture in ["raytac-bridge", "xiao-bridge", "ftdi-adapter", "custom-board-bridge"] {
            try testbed.add(fixture: fixture)
        }
        let ports = try UdevEnumerator(context: UdevContext()).usbSerialPorts()
        XCTAssertEqual(ports.map(\.devnode), ["/dev/ttyACM0", "/dev/ttyACM1", "/dev/ttyACM2", "/dev/ttyUSB0"])
        XCTAssertEqual(ports.map(\.isBridge), [true, true, true, false])
        let xiao = ports[1]
        XCTAssertEqual(xiao.id?.description, "2886:8044")
        XCTAssertEqual(xiao.product, "XIAO nRF52840")
        XCTAssertEqual(try UdevEnumerator(context: UdevContext()).bridges().count, 3)
    }

    func testTwoDonglesAtOnceNeedAPortAndEachSerialPicksItsOwn() throws {
        let testbed = try Testbed()
        try testbed.add(fixture: "raytac-bridge")
        try testbed.add(fixture: "xiao-bridge")
        let ports = try UdevEnumerator(context: UdevContext()).usbSerialPorts()
        XCTAssertThrowsError(try PortSelector.select(nil, among: ports)) { error in
            guard case PortSelectionError.severalBridges(let bridges) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(bridges.map(\.serial), ["F1E2D3C4B5A69788", "3C5A1B2D9E8F7A60"])
        }
        XCTAssertEqual(try PortSelector.select("3C5A1B2D9E8F7A60", among: ports).path, "/dev/ttyACM1")
        XCTAssertEqual(try PortSelector.select("F1E2", among: ports).path, "/dev/ttyACM0")
    }

    func testTheByIdPathSelectsItsDongle() throws {
        let testbed = try Testbed()
        try testbed.add(fixture: "raytac-bridge")
        try testbed.add(fixture: "xiao-bridge")
        let ports = try UdevEnumerator(context: UdevContext()).usbSerialPorts()
        let selection = try PortSelector.select("/dev/serial/by-id/usb-Seeed_XIAO_nRF52840_3C5A1B2D9E8F7A60-if00", among: ports)
        XCTAssertEqual(selection.serial, "3C5A1B2D9E8F7A60")
        XCTAssertEqual(selection.path, "/dev/ttyACM1")
    }

    func testNoDongleMeansNoBridge() throws {
        let testbed = try Testbed()
        try testbed.add(fixture: "ftdi-adapter")
        let ports = try UdevEnumerator(context: UdevContext()).usbSerialPorts()
        XCTAssertThrowsError(try PortSelector.select(nil, among: ports)) { error in
            XCTAssertEqual(error as? PortSelectionError, .noBridge(otherPorts: ports))
        }
    }
}
