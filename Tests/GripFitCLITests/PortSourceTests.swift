import GripFitLinux
import GripFitNetworkPort
import GripFitSimulator
import Testing

@testable import GripFitCLI

/// Each source's answers, which used to be spread over the connection's optional fields and
/// special cases in the runner, doctor and `check`: key, report name, remoteness, hotplug, opening.
struct PortSourceTests {
    let bridge = UsbSerialPort(devnode: "/dev/ttyACM0", serial: "F1E2D3C4", isBridge: true)

    @Test func aUsbDongleIsFiledAndNamedByItsSerialNumber() throws {
        let source = PortSource.usb(.usb(bridge), try UdevContext())
        #expect(source.path == "/dev/ttyACM0")
        #expect(source.dongleKey == "usb:F1E2D3C4")
        #expect(source.portKey == "usb:F1E2D3C4")
        #expect(source.deviceName(address: "AA:BB:CC:DD:EE:FF") == "F1E2D3C4")
        #expect(!source.isRemote)
        #expect(source.selection == .usb(bridge))
    }

    @Test func aPathIsFiledByItselfAndNamedByTheGripFitOnceKnown() throws {
        let serialless = PortSource.usb(.usb(UsbSerialPort(devnode: "/dev/ttyUSB3", isBridge: true)), try UdevContext())
        for source in [PortSource.path("/dev/pts/7"), serialless] {
            #expect(source.dongleKey == "port:\(source.path)")
            #expect(source.deviceName(address: nil) == source.path)
            #expect(source.deviceName(address: "AA:BB:CC:DD:EE:FF") == "AA:BB:CC:DD:EE:FF")
            #expect(!source.isRemote)
            #expect(source.hotplug() == nil)
        }
    }

    @Test func aNetworkPortIsRemoteAndNamedByItsAddress() throws {
        let source = try PortSource.choose("rfc2217://127.0.0.1:4001")
        guard case .network(let address) = source else { return #expect(Bool(false), "not a network source: \(source)") }
        #expect(address == NetworkPortAddress(scheme: .rfc2217, host: "127.0.0.1", port: 4001))
        #expect(source.path == "rfc2217://127.0.0.1:4001")
        #expect(source.dongleKey == "port:rfc2217://127.0.0.1:4001")
        #expect(source.deviceName(address: "AA:BB:CC:DD:EE:FF") == "rfc2217://127.0.0.1:4001")
        #expect(source.isRemote)
        #expect(source.selection == nil)
        #expect(source.hotplug() == nil)
    }

    @Test func aURLIsCheckedByItsSchemeAndNeverTakenForAPath() {
        #expect(PortSource.isRemote("tcp://host:4001"))
        #expect(!PortSource.isRemote("/dev/ttyACM0"))
        #expect(PortSource.problem(with: "/dev/ttyACM0") == nil)
        #expect(PortSource.problem(with: "tcp://host:4001") == nil)
        #expect(PortSource.problem(with: "ftp://host:4001") == NetworkPortAddressError.unknownScheme("ftp://host:4001").description)
    }

    @Test func theSimulatorIsFiledAsTheSimulatorAndOpensItsPty() throws {
        let dongle = try VirtualDongle()
        dongle.start()
        defer { dongle.stop() }
        let source = PortSource.simulator(dongle)
        #expect(source.simulator === dongle)
        #expect(source.dongleKey == "simulator")
        #expect(source.portKey == "port:\(dongle.path)")
        #expect(source.deviceName(address: "AA:BB:CC:DD:EE:FF") == "simulated")
        let port = try source.open()
        defer { port.close() }
        #expect(port.path == dongle.path)
        #expect(port.isConnected)
    }
}
