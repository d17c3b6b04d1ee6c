import Foundation
import GripFitLinux
import UmockdevTestSupport
import XCTest

@testable import GripFitCLI

/// `--port` completes the bridges `list` shows, asked of the binary by the real bash completion
/// under `umockdev-run` with fake dongles; other USB serial adapters are not offered.
final class PortCompletionTests: XCTestCase {
    override func setUp() {
        super.setUp()
        LaunchLog.xcTest = name
    }

    private let raytac = [
        "/dev/ttyACM0", "/dev/serial/by-id/usb-Raytac_Corporation_GripFit_Bridge_F1E2D3C4B5A69788-if00",
        "F1E2D3C4B5A69788",
    ]
    private let xiao = [
        "/dev/ttyACM1", "/dev/serial/by-id/usb-Seeed_XIAO_nRF52840_3C5A1B2D9E8F7A60-if00", "3C5A1B2D9E8F7A60",
    ]

    private func requireUmockdev() throws {
        try XCTSkipUnless(try Testbed.available(), Testbed.skipReason)
    }

    private func complete(_ fixtures: [String], _ words: [String]) throws -> [String] {
        let devices = fixtures.flatMap { ["--device", Testbed.fixturePath($0)] }
        return try BashCompletion.complete(words, prefix: ["umockdev-run"] + devices + ["--"])
    }

    func testPortCompletesEveryNameOfEveryBridgeAndNoOtherAdapter() throws {
        try requireUmockdev()
        let offered = try complete(["raytac-bridge", "xiao-bridge", "ftdi-adapter"], ["monitor", "--port", ""])
        XCTAssertEqual(Set(offered), Set(raytac + xiao))
    }

    func testPortCompletesASerialNumberPrefixAndWorksForEveryCommand() throws {
        try requireUmockdev()
        let fixtures = ["raytac-bridge", "xiao-bridge"]
        XCTAssertEqual(try complete(fixtures, ["ping", "--port", "F1"]), ["F1E2D3C4B5A69788"])
        XCTAssertEqual(try complete(fixtures, ["doctor", "--port", "/dev/ttyACM"]).sorted(), ["/dev/ttyACM0", "/dev/ttyACM1"])
    }

    func testNoBridgeOffersNothing() throws {
        try requireUmockdev()
        XCTAssertEqual(try complete(["ftdi-adapter"], ["monitor", "--port", ""]), [])
    }

    /// A serial number is whatever the device says, and bash expands completion words.
    func testNamesAShellWouldExpandAreNotOffered() {
        let ports = [
            UsbSerialPort(devnode: "/dev/ttyACM0", serial: "$(touch pwned)", isBridge: true),
            UsbSerialPort(devnode: "/dev/ttyACM1", byIdPath: "/dev/serial/by-id/usb-A\\x20B-if00", serial: "AB12", isBridge: true),
        ]
        XCTAssertEqual(PortCompletion.names(of: ports), ["/dev/ttyACM0", "/dev/ttyACM1", "AB12"])
    }
}
