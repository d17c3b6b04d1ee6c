import Foundation
import Testing

/// The dashboard's `/metrics` as a rack's Prometheus sees it: Debian's real server scrapes a running
/// `dashboard --simulate` that has a token, through the bearer header of its `authorization`
/// setting, every second; the test waits on Prometheus' own API for the scrapes, then promtool
/// judges the exposition, the shipped alert rules and a query of the readings counter.
@Suite(.waitsOnProcesses, .serialized, .enabled(if: PrometheusServer.isUsable, "prometheus is not installed (make test-deps installs it)"))
struct DashboardMetricsEndToEndTests {
    static let token = "metrics-token-0123456789"
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func prometheusScrapesTheDashboardWithItsTokenAndTheReadingsGrow() throws {
        let dashboard = try DashboardEndToEndTests.Dashboard(["--token", Self.token])
        defer { _ = dashboard.stop() }
        let scrapes = try TCPRelay(to: dashboard.client.port)
        let prometheus = try PrometheusServer(
            config: """
                global:
                  scrape_interval: 1s
                  scrape_timeout: 1s
                scrape_configs:
                  - job_name: gripfit
                    authorization:
                      credentials: \(Self.token)
                    static_configs:
                      - targets: ['127.0.0.1:\(scrapes.port)']

                """,
            scrapesThrough: scrapes
        )
        let deadline = ContinuousClock.now + .seconds(60)
        // Three samples are two scrape intervals; `up` 1 says the token was taken.
        let samples = prometheus.value(of: "count_over_time(gripfit_readings_total[5m])", before: deadline) { $0 >= 3 }
        #expect((samples ?? 0) >= 3, "samples of the readings counter: \(String(describing: samples))")
        #expect(prometheus.value(of: #"min_over_time(up{job="gripfit"}[5m])"#) == 1)
        let growth = "max_over_time(gripfit_readings_total[5m]) - min_over_time(gripfit_readings_total[5m])"
        #expect((prometheus.value(of: growth, before: deadline) { $0 > 0 } ?? 0) > 0, "the readings counter grew between scrapes")
        let query = try PrometheusServer.promtool(["query", "instant", prometheus.url, growth + " > 0"])
        #expect(query.status == 0 && query.output.contains("=>"), "\(query.output)")

        // What Prometheus scraped, read the same way, passes promtool's lint.
        let metrics = try dashboard.client.get("/metrics", headers: ["Authorization": "Bearer \(Self.token)"])
        #expect(metrics.status == 200)
        #expect(metrics.headers["content-type"] == "text/plain; version=0.0.4; charset=utf-8")
        for name in [
            "gripfit_readings_total", "gripfit_data_lost_total", "gripfit_ping_round_trip_seconds_bucket", "gripfit_usb_link_up 1",
            "gripfit_ble_link_up 1", "gripfit_build_info{", #"tool=""#,
        ] {
            #expect(metrics.body.contains(name), "\(name) in\n\(metrics.body)")
        }
        let lint = try PrometheusServer.promtool(["check", "metrics"], input: metrics.body)
        #expect(lint.status == 0, "\(lint.output)")
        #expect(try dashboard.client.get("/metrics").status == 401, "no token, no metrics")

        // Every query of the shipped Grafana dashboard is one Prometheus takes, on metrics it has.
        let grafana = try JSONSerialization.jsonObject(
            with: Data(contentsOf: Self.repository.appendingPathComponent("monitoring/grafana-dashboard.json"))
        )
        let panels = try #require((grafana as? [String: Any])?["panels"] as? [[String: Any]])
        let queries = panels.flatMap { ($0["targets"] as? [[String: Any]] ?? []).compactMap { $0["expr"] as? String } }
        #expect(queries.count >= 8)
        for query in queries {
            let answer = prometheus.answer(to: query.replacingOccurrences(of: "$instance", with: ".*"))
            #expect(answer?["status"] as? String == "success", "\(query): \(answer ?? [:])")
            let metric = String(try #require(query.firstMatch(of: /gripfit_[a-z_]+/)).output)
            // The labelled counters appear with their first event; the others are there from the start.
            let later = [
                "gripfit_malformed_lines_total", "gripfit_link_drops_total", "gripfit_reconnects_total", "gripfit_check_case_passed",
            ]
            #expect(later.contains(metric) || metrics.body.contains("\n" + metric), "\(metric) is not a metric the dashboard serves")
        }
    }

    /// The rules are valid, and each alert fires on its own series and not on a healthy rig's (alerts_test.yml).
    @Test func theShippedAlertRulesPassPromtool() throws {
        let monitoring = Self.repository.appendingPathComponent("monitoring")
        let check = try PrometheusServer.promtool(["check", "rules", monitoring.appendingPathComponent("alerts.yml").path])
        #expect(check.status == 0, "\(check.output)")
        #expect(check.output.contains("SUCCESS: 3 rules found"), "\(check.output)")
        let test = try PrometheusServer.promtool(["test", "rules", monitoring.appendingPathComponent("alerts_test.yml").path])
        #expect(test.status == 0, "\(test.output)")
    }
}
