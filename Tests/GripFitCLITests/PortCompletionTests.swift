import Foundation
import GripFitLinux
import UmockdevTestSupport
import XCTest

@testable import GripFitCLI

/// `--port` completes the bridges `list` shows; other USB serial adapters are not offered. Asked of
/// the binary by the real bash completion under `umockdev-run` for several commands, and of the
/// completion's candidates in-process on a ``Testbed`` of the test's own (issue 32).
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

    /// What the completion offers for `prefix`, in-process, with `fixtures` plugged in.
    private func candidates(_ fixtures: [String], _ prefix: String) throws -> [String] {
        try Testbed.with(fixtures) { PortCompletion.candidates(prefix: prefix) }
    }

    func testPortCompletesEveryNameOfEveryBridgeAndNoOtherAdapter() throws {
        try requireUmockdev()
        let offered = try candidates(["raytac-bridge", "xiao-bridge", "ftdi-adapter"], "")
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
        XCTAssertEqual(try candidates(["ftdi-adapter"], ""), [])
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
