import GripFitLinux
import Testing

@Suite struct BridgeMatcherTests {
    @Test func theFirmwareProductStringMakesABridgeOnAnyBoard() {
        #expect(BridgeMatcher.isBridge(id: UsbDeviceID(vendor: 0x1915, product: 0x521F), product: "GripFit Bridge", udevFlag: nil))
    }

    @Test(arguments: BridgeMatcher.supportedBoards)
    func aSupportedBoardIsABridgeByItsIDAlone(board: SupportedBoard) {
        #expect(BridgeMatcher.isBridge(id: board.id, product: "whatever the core set", udevFlag: nil))
    }

    @Test func theUdevRuleFlagMakesABridge() {
        #expect(BridgeMatcher.isBridge(id: UsbDeviceID(vendor: 0x1915, product: 0x521F), product: nil, udevFlag: "1"))
    }

    @Test func otherUsbSerialPortsAreNot() {
        #expect(!BridgeMatcher.isBridge(id: UsbDeviceID(vendor: 0x0403, product: 0x6001), product: "FT232R USB UART", udevFlag: nil))
        #expect(!BridgeMatcher.isBridge(id: nil, product: nil, udevFlag: "0"))
        // Bootloader IDs of the same boards are not the bridge firmware.
        #expect(!BridgeMatcher.isBridge(id: UsbDeviceID(vendor: 0x239A, product: 0x0029), product: nil, udevFlag: nil))
    }

    @Test func theBoardListHasTheIssuesBoards() {
        let ids = Set(BridgeMatcher.supportedBoards.map(\.id.description))
        #expect(ids == ["239a:810b", "239a:8029", "239a:80da", "2886:8044", "2886:8045"])
    }

    @Test func idsParseAndPrintAsUdevDoes() {
        #expect(UsbDeviceID(vendor: "239a", product: "810B") == UsbDeviceID(vendor: 0x239A, product: 0x810B))
        #expect(UsbDeviceID(vendor: 0x0403, product: 0x6001).description == "0403:6001")
        #expect(UsbDeviceID(vendor: "zz", product: "1") == nil)
    }
}
