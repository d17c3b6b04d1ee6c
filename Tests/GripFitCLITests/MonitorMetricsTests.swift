import Foundation
import Testing

/// `monitor --metrics-listen`: a headless rig's session serves `/metrics` while its JSONL goes on
/// as before; off loopback a token is required, as on the dashboard.
@Suite(.waitsOnProcesses, .serialized) struct MonitorMetricsTests {
    @Test func aHeadlessMonitorServesItsSessionsMetrics() throws {
        let token = "monitor-token-0123456789"
        let monitor = try RunningCLI([
            "monitor", "--simulate", "--format", "jsonl", "--metrics-listen", "127.0.0.1:0", "--metrics-token", token,
        ])
        defer { _ = monitor.stop() }
        // The JSONL stream runs: a reading has come, so the session's consumer has counted it.
        let deadline = Date() + 60
        var line = ""
        while !line.contains(#""event":"reading""#), let next = monitor.nextLine(before: deadline) { line = next }
        #expect(line.contains(#""event":"reading""#), "no reading within 60 s")
        // The port the kernel gave it, as the monitor reports it.
        let notice = monitor.stderrText(until: "/metrics", before: .now + .seconds(30))
        let port = notice.components(separatedBy: "metrics at http://127.0.0.1:").dropFirst().first?.prefix { $0.isNumber }
        let client = HTTPTestClient(port: try #require(port.flatMap { Int($0) }, "\(notice)"))
        #expect(try client.get("/metrics").status == 401)
        let metrics = try client.get("/metrics", headers: ["Authorization": "Bearer \(token)"])
        #expect(metrics.status == 200)
        let readings = metrics.body.split(separator: "\n").first { $0.hasPrefix("gripfit_readings_total ") }
        #expect(readings.flatMap { Double($0.split(separator: " ")[1]) }.map { $0 > 0 } == true, "\(metrics.body)")
        #expect(metrics.body.contains("gripfit_usb_link_up 1"))
        let stopped = monitor.stop()
        #expect(stopped.stderr.contains("gripfit-serial: metrics at http://127.0.0.1:"), "\(stopped.stderr)")
    }

    @Test func anOpenAddressNeedsAToken() {
        let result = InProcessParse.run(["monitor", "--simulate", "--metrics-listen", "0.0.0.0:9464"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("needs --metrics-token"), "\(result.stderr)")
    }
}
