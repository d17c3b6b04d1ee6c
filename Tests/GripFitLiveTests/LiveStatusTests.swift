import Foundation
import GripFitCore
import GripFitLive
import GripFitOutput
import Testing

/// ``LiveStatus`` fed reports by hand: the link, the GripFits in range, the reading and the peak
/// as `/api/status` and `/api/devices` show them, device text as sent (JSON-escaped only).
struct LiveStatusTests {
    static let start = MonotonicInstant(nanoseconds: 1_000_000_000)

    func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    func status(_ live: LiveStatus, recording: JSONObject = JSONObject()) throws -> [String: Any] {
        try object(live.status(kilograms: { Double($0) / 1_000 }, time: { "t\($0.nanoseconds)" }, recording: recording))
    }

    @Test func theLinkTheDeviceAndTheLatestReading() throws {
        var live = LiveStatus(unit: .kilograms, pinned: nil)
        #expect(try status(live)["reading"] is NSNull)
        live.update(with: .state(.connected), at: Self.start, portOpen: true, time: "t")
        live.update(with: .message(.device(DeviceInfo(name: "GRIP\u{1B}[31m", firmware: "1.0"))), at: Self.start, portOpen: true, time: "t")
        live.update(with: .message(.reading(4_000)), at: Self.start + .milliseconds(20), portOpen: true, time: "t")
        var recording = JSONObject()
        recording.set("state", "idle")
        let status = try status(live, recording: recording)
        #expect(status["usb"] as? String == "connected")
        #expect(status["ble"] as? String == "connected")
        #expect(status["name"] as? String == "GRIP\u{1B}[31m", "as the device sent it: JSON escapes it, the page shows it")
        let reading = try #require(status["reading"] as? [String: Any])
        #expect(reading["raw"] as? Int == 4_000)
        #expect(reading["time"] as? String == "t1020000000")
        #expect((status["recording"] as? [String: Any])?["state"] as? String == "idle")
    }

    /// The JSON rule of `history --json` and export: ESC as `\u001b`, a backslash doubled once, so
    /// the page gets the bytes the device sent and makes them visible itself.
    @Test func deviceTextIsWrittenAsSent() throws {
        var live = LiveStatus(unit: .kilograms, pinned: nil)
        let firmware = "1.0\u{1B}[31m\\x"
        let address = try #require(BLEAddress("C0:FF:EE:00:00:01"))
        for report: LinkReport in [
            .message(.bridge(.hello(version: firmware))), .message(.bridge(.found(address: address, rssi: -50, name: firmware))),
            .message(.device(DeviceInfo(name: "GRIPFIT", firmware: firmware))),
        ] {
            live.update(with: report, at: Self.start, portOpen: true, time: "t")
        }
        let text = live.status(kilograms: { _ in nil }, time: { _ in "t" }, recording: JSONObject())
        #expect(text.contains(#""firmware":"1.0\u001b[31m\\x""#), "\(text)")
        let status = try object(text)
        #expect(status["firmware"] as? String == firmware)
        #expect((status["bridge"] as? [String: Any])?["firmware"] as? String == firmware)
        let found = try #require(try object(live.devices())["found"] as? [[String: Any]])
        #expect(found.first?["name"] as? String == firmware)
    }

    /// The dashboard's banner: the bridge's version against BridgeFirmwareGate, and what to run.
    @Test func theBridgeFirmwareGateIsInTheStatus() throws {
        var live = LiveStatus(unit: .kilograms, pinned: nil)
        live.update(with: .message(.bridge(.hello(version: BridgeFirmwareGate.recommended))), at: Self.start, portOpen: true, time: "t")
        let current = try #require(try status(live)["bridge"] as? [String: Any])
        #expect(current["update"] as? String == "current")
        #expect(current["advice"] == nil)
        live.update(with: .message(.bridge(.hello(version: "0.9.0"))), at: Self.start, portOpen: true, time: "t")
        let old = try #require(try status(live)["bridge"] as? [String: Any])
        #expect(old["update"] as? String == "required")
        #expect((old["advice"] as? String)?.contains("gripfit-serial bridge update") == true, "\(old)")
    }

    @Test func aNewDeviceStartsAFreshPeak() throws {
        var live = LiveStatus(unit: .kilograms, pinned: nil)
        live.show(3)
        live.show(5)
        live.show(4)
        #expect(live.peak == 5)
        live.lookedUp(device: "usb:B2", calibration: nil)
        #expect(live.peak == nil)
        #expect(try status(live)["device"] as? String == "usb:B2")
        live.show(2)
        live.resetPeak()
        #expect(try status(live)["peak"] is NSNull)
    }

    @Test func devicesInRangeNewestFirstAndBounded() throws {
        var live = LiveStatus(unit: .kilograms, pinned: .some(nil))
        for index in 0...LiveStatus.foundLimit {
            let address = try #require(BLEAddress(String(format: "C0:FF:EE:12:34:%02X", index)))
            live.update(
                with: .message(.bridge(.found(address: address, rssi: -40 - index, name: "Grip\u{7}\(index)"))),
                at: Self.start,
                portOpen: true,
                time: "t\(index)"
            )
        }
        let devices = try object(live.devices())
        let found = try #require(devices["found"] as? [[String: Any]])
        #expect(found.count == LiveStatus.foundLimit)
        #expect(found.first?["name"] as? String == "Grip\u{7}\(LiveStatus.foundLimit)", "as advertised")
        #expect(found.first?["time"] as? String == "t\(LiveStatus.foundLimit)")
        #expect(devices["pinned"] as? String == "any")
    }
}
