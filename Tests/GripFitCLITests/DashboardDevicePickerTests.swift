import Foundation
import Testing

/// The dashboard's device picker through the real binary: `dashboard --simulate --gripfits 2`, the
/// second GripFit advertising a hostile name, chosen over HTTP as the page chooses it.
@Suite(.waitsOnProcesses, .timeLimit(.minutes(15)))
struct DashboardDevicePickerTests {
    typealias Dashboard = DashboardEndToEndTests.Dashboard

    static func object(_ data: String) -> [String: Any] { DashboardEndToEndTests.object(data) }

    /// Waits on the event stream until `done` says the wanted event arrived; false if it never did.
    static func waitFor(_ dashboard: Dashboard, seconds: Double, _ done: ([String: Any]) -> Bool) throws -> Bool {
        var seen = false
        try dashboard.client.events(seconds: seconds) { data in
            seen = done(Self.object(data))
            return !seen
        }
        return seen
    }

    /// True once the bridge connected to `address` and a reading followed.
    static func readings(from address: String, _ dashboard: Dashboard) throws -> Bool {
        var connected = false
        return try waitFor(dashboard, seconds: 10) { event in
            if event["event"] as? String == "bridge", event["type"] as? String == "connected" {
                connected = event["address"] as? String == address
            }
            return connected && event["event"] as? String == "reading"
        }
    }

    @Test func bothGripFitsAreListedAndPinningTheOtherSwitchesTheLink() throws {
        let dashboard = try Dashboard(["--gripfits", "2", "--fault", "hostile-name"])
        #expect(try Self.readings(from: "C0:FF:EE:00:00:01", dashboard), "the first found, as the bridge auto-connects")

        let devices = Self.object(try dashboard.client.get("/api/devices").body)
        let found = try #require(devices["found"] as? [[String: Any]])
        #expect(Set(found.compactMap { $0["address"] as? String }) == ["C0:FF:EE:00:00:01", "C0:FF:EE:00:00:02"])
        let second = try #require(found.first { $0["address"] as? String == "C0:FF:EE:00:00:02" })
        // The name arrives as JSON text, as advertised: markup kept verbatim (the page sets it as
        // textContent), the terminal escape too (the page makes it visible where it shows it).
        #expect(second["name"] as? String == "<img src=x id=pwned onerror=\"document.title='pwned'\">\u{1B}[31m_GRIPFIT & co")
        #expect(devices["address"] as? String == "C0:FF:EE:00:00:01")
        #expect(devices["link"] as? String == "connected")
        #expect(devices["pinned"] is NSNull, "nothing pinned yet")

        let pin = try dashboard.client.post("/api/devices/pin", json: #"{"address":"c0:ff:ee:00:00:02"}"#)
        #expect(pin.status == 202, "\(pin.body)")
        #expect(try Self.readings(from: "C0:FF:EE:00:00:02", dashboard), "the bridge connects to the chosen GripFit and readings continue")
        let after = Self.object(try dashboard.client.get("/api/devices").body)
        #expect(after["address"] as? String == "C0:FF:EE:00:00:02")
        #expect(after["pinned"] as? String == "C0:FF:EE:00:00:02")
        let status = Self.object(try dashboard.client.get("/api/status").body)
        #expect(status["device"] as? String == "ble:C0:FF:EE:00:00:02", "readings are filed under the chosen GripFit")
        #expect((status["bridge"] as? [String: Any])?["address"] as? String == "C0:FF:EE:00:00:02")
        #expect(dashboard.stop().status == 0)

        let pins = try String(contentsOfFile: dashboard.binary.configHome + "/gripfit/pins.json", encoding: .utf8)
        #expect(pins.contains("C0:FF:EE:00:00:02"), "remembered for the dongle, as --device does")

        // The next dashboard on this dongle goes straight to the remembered GripFit and offers to change it.
        let again = try Dashboard(["--gripfits", "2"], binary: dashboard.binary)
        #expect(try Self.readings(from: "C0:FF:EE:00:00:02", again))
        let remembered = Self.object(try again.client.get("/api/devices").body)
        #expect(remembered["address"] as? String == "C0:FF:EE:00:00:02")
        #expect(remembered["pinned"] as? String == "C0:FF:EE:00:00:02")
        #expect(again.stop().status == 0)
    }
}
