import GripFitLinux
import Testing

@Suite struct PortSelectorTests {
    static let raytac = UsbSerialPort(
        devnode: "/dev/ttyACM0",
        byIdPath: "/dev/serial/by-id/usb-Raytac_Corporation_GripFit_Bridge_F1E2D3C4B5A69788-if00",
        id: UsbDeviceID(vendor: 0x239A, product: 0x810B),
        serial: "F1E2D3C4B5A69788",
        product: "GripFit Bridge"
    )
    static let xiao = UsbSerialPort(
        devnode: "/dev/ttyACM1",
        byIdPath: "/dev/serial/by-id/usb-Seeed_XIAO_nRF52840_F1E2AA00-if00",
        id: UsbDeviceID(vendor: 0x2886, product: 0x8044),
        serial: "F1E2AA00",
        product: "XIAO nRF52840"
    )
    static let ftdi = UsbSerialPort(
        devnode: "/dev/ttyUSB0",
        id: UsbDeviceID(vendor: 0x0403, product: 0x6001),
        serial: "A10KZP3Q",
        product: "FT232R USB UART"
    )

    private func select(_ argument: String?, _ ports: [UsbSerialPort]) throws(PortSelectionError) -> PortSelection {
        try PortSelector.select(argument, among: ports, resolveLink: { _ in nil })
    }

    @Test func withoutPortTheOnlyBridgeIsUsed() throws {
        #expect(try select(nil, [Self.ftdi, Self.raytac]) == .usb(Self.raytac))
    }

    @Test func withoutPortAndNoBridgeTheErrorSaysPlugItIn() {
        #expect(throws: PortSelectionError.noBridge(otherPorts: [Self.ftdi])) { try select(nil, [Self.ftdi]) }
        #expect(PortSelectionError.noBridge(otherPorts: []).description.contains("Plug in the dongle"))
    }

    @Test func withoutPortAndTwoBridgesTheErrorListsBoth() {
        #expect(throws: PortSelectionError.severalBridges([Self.raytac, Self.xiao])) {
            try select(nil, [Self.raytac, Self.xiao, Self.ftdi])
        }
        let message = PortSelectionError.severalBridges([Self.raytac, Self.xiao]).description
        #expect(message.contains("F1E2D3C4B5A69788") && message.contains("F1E2AA00") && message.contains("--port"))
    }

    /// Any USB serial device is listed, and its serial number is whatever it says.
    @Test func aHostileSerialNumberIsEscapedInTheList() {
        let gadget = UsbSerialPort(
            devnode: "/dev/ttyACM2",
            id: UsbDeviceID(vendor: 0x1209, product: 0x0001),
            serial: "X\u{1B}]52;c;aGk=\u{7}",
            product: "Gadget"
        )
        let message = PortSelectionError.noBridge(otherPorts: [gadget]).description
        #expect(!message.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{7}" })
        #expect(message.contains("X\\x1B]52;c;aGk=\\x07"))
    }

    @Test func aFullSerialNumberPicksThatDongle() throws {
        #expect(try select("F1E2AA00", [Self.raytac, Self.xiao]) == .usb(Self.xiao))
        #expect(try select("F1E2D3C4B5A69788", [Self.raytac, Self.xiao]) == .usb(Self.raytac))
    }

    @Test func aUniquePrefixPicksThatDongle() throws {
        #expect(try select("F1E2D", [Self.raytac, Self.xiao]) == .usb(Self.raytac))
    }

    @Test func anAmbiguousPrefixIsRefusedWithTheCandidates() {
        #expect(throws: PortSelectionError.ambiguous(argument: "F1E2", candidates: [Self.raytac, Self.xiao])) {
            try select("F1E2", [Self.raytac, Self.xiao])
        }
    }

    @Test func aByIdPathOrDevnodePicksThatDongle() throws {
        #expect(try select(Self.xiao.byIdPath, [Self.raytac, Self.xiao]) == .usb(Self.xiao))
        #expect(try select("/dev/ttyACM0", [Self.raytac, Self.xiao]) == .usb(Self.raytac))
        #expect(try select("ttyACM1", [Self.raytac, Self.xiao]) == .usb(Self.xiao))
    }

    @Test func aSymlinkResolvesToItsPort() throws {
        let selection = try PortSelector.select(
            "/dev/gripfit-bridge-F1E2AA00",
            among: [Self.raytac, Self.xiao],
            resolveLink: { $0 == "/dev/gripfit-bridge-F1E2AA00" ? "/dev/ttyACM1" : nil }
        )
        #expect(selection == .usb(Self.xiao))
    }

    @Test func anUnknownPathIsOpenedAsGiven() throws {
        #expect(try select("/dev/pts/7", [Self.raytac]) == .path("/dev/pts/7"))
    }

    @Test func anUnknownSerialIsRefused() {
        #expect(throws: PortSelectionError.noMatch(argument: "ZZZ", ports: [Self.raytac])) { try select("ZZZ", [Self.raytac]) }
    }
}
