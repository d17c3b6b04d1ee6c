import ConsumerTestSupport
import GripFitCore
import Prometheus
import Testing

@testable import GripFitMetrics

/// ``MetricsConsumer`` on a fake clock, read back as Prometheus' text: each report moves its series,
/// the pings are its own and timed on the clock it is given, and a new version replaces the info series.
struct MetricsConsumerTests {
    let start = MonotonicInstant(nanoseconds: 1_000_000_000)
    let address = BLEAddress("C0:FF:EE:00:00:01")!

    private func harness(ping: Duration? = nil) -> (ConsumerHarness<MetricsConsumer>, PrometheusCollectorRegistry) {
        let registry = PrometheusCollectorRegistry()
        let consumer = MetricsConsumer(registry: registry, toolVersion: "9.9.9", pingInterval: ping, start: start)
        return (ConsumerHarness(consumer, start: start, link: LinkFacts(portOpen: true)), registry)
    }

    /// The sample lines of the registry's text (no comments), as `name{labels} value` (a gauge's value as `1.0`).
    private func samples(_ registry: PrometheusCollectorRegistry) -> Set<String> {
        Set(registry.emitToString().split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init))
    }

    @Test func everySeriesIsThereBeforeTheFirstReport() {
        let (_, registry) = harness()
        let text = registry.emitToString()
        for line in [
            "gripfit_readings_total 0", "gripfit_data_lost_total 0", "gripfit_ping_failures_total 0", "gripfit_usb_link_up 0.0",
            "gripfit_ble_link_up 0.0", #"gripfit_build_info{bridge="",firmware="",tool="9.9.9"} 1.0"#,
            "gripfit_ping_round_trip_seconds_count 0",
        ] {
            #expect(samples(registry).contains(line), "\(line) in\n\(text)")
        }
        #expect(text.contains("# HELP gripfit_readings_total "))
        #expect(text.contains("# TYPE gripfit_ping_round_trip_seconds histogram"))
    }

    @Test func readingsBadLinesAndDataLostAreCounted() {
        let (harness, registry) = harness()
        harness.feed(readings: [1, 2, 3])
        harness.feed(.warning(LinkWarning(.unknownLine)))
        harness.feed(.warning(LinkWarning(.unknownLine)))
        harness.feed(.warning(LinkWarning(.lineTooLong)))
        harness.feed(.warning(LinkWarning(.dataLost)))
        harness.feed(.warning(LinkWarning(.noReadings)))
        let lines = samples(registry)
        #expect(lines.contains("gripfit_readings_total 3"))
        #expect(lines.contains(#"gripfit_malformed_lines_total{reason="unknown-line"} 2"#))
        #expect(lines.contains(#"gripfit_malformed_lines_total{reason="line-too-long"} 1"#))
        #expect(lines.contains("gripfit_data_lost_total 1"))
        #expect(!registry.emitToString().contains("no-readings"), "not a bad line")
        #expect(lines.contains("gripfit_usb_link_up 1.0"))
    }

    @Test func dropsAndReconnectsAreCountedByReason() {
        let (harness, registry) = harness()
        harness.feed(.state(.connected))
        #expect(samples(registry).contains("gripfit_ble_link_up 1.0"))
        // A BLE disconnect names the drop and its reconnect.
        harness.feed(.message(.bridge(.disconnected(address, reason: "0x08"))))
        harness.feed(.state(.scanning))
        #expect(samples(registry).contains("gripfit_ble_link_up 0.0"))
        harness.feed(.state(.connected))
        // A stale link, then the dongle pulled out: an error state names itself.
        harness.feed(.warning(LinkWarning(.staleLink)))
        harness.feed(.state(.connecting))
        harness.feed(.state(.connected))
        harness.link.portOpen = false
        harness.feed(.state(.error(.dongleMissing)))
        let lines = samples(registry)
        #expect(lines.contains(#"gripfit_link_drops_total{reason="ble-0x08"} 1"#), "\(lines)")
        #expect(lines.contains(#"gripfit_reconnects_total{reason="ble-0x08"} 1"#))
        #expect(lines.contains(#"gripfit_link_drops_total{reason="stale-link"} 1"#))
        #expect(lines.contains(#"gripfit_reconnects_total{reason="stale-link"} 1"#))
        #expect(lines.contains(#"gripfit_link_drops_total{reason="dongleMissing"} 1"#))
        #expect(!lines.contains(#"gripfit_reconnects_total{reason="dongleMissing"} 1"#), "not back yet")
        #expect(lines.contains("gripfit_usb_link_up 0.0"))
    }

    @Test func oddDisconnectReasonsShareOneLabel() {
        #expect(MetricsConsumer.disconnectReason("0x13") == "ble-0x13")
        #expect(MetricsConsumer.disconnectReason("TIMEOUT") == "ble-timeout")
        #expect(MetricsConsumer.disconnectReason("0x99") == "ble-other")
        #expect(MetricsConsumer.disconnectReason("garbage\"") == "ble-other")
    }

    @Test func itPingsOnlyWhileTheLinkIsUpAndTimesTheRoundTrip() {
        let (harness, registry) = harness(ping: .seconds(10))
        #expect(harness.consumer.nextDeadline == start + .seconds(10))
        harness.advance(by: .seconds(10))
        #expect(harness.actions.isEmpty, "link down: no ping")
        harness.feed(.state(.connected))
        #expect(harness.advance(to: start + .seconds(20)) == [.submit(.device(.ping))])
        harness.feed(.commandFinished(.device(.ping), .succeeded(reply: .status(.pong))), after: .milliseconds(40))
        var lines = samples(registry)
        #expect(lines.contains("gripfit_ping_round_trip_seconds_count 1"))
        #expect(lines.contains(#"gripfit_ping_round_trip_seconds_bucket{le="0.035"} 0"#), "\(lines)")
        #expect(lines.contains(#"gripfit_ping_round_trip_seconds_bucket{le="0.05"} 1"#), "40 ms")
        #expect(harness.advance(to: start + .seconds(30)) == [.submit(.device(.ping))])
        // Still owed: the next deadline asks for none.
        #expect(harness.advance(to: start + .seconds(40)).isEmpty)
        harness.feed(.commandFinished(.device(.ping), .failed(.timedOut(attempts: 1))), after: .milliseconds(5))
        lines = samples(registry)
        #expect(lines.contains("gripfit_ping_failures_total 1"))
        #expect(lines.contains("gripfit_ping_round_trip_seconds_count 1"))
    }

    @Test func anotherConsumersPingIsNotTimed() {
        let (harness, registry) = harness()
        harness.feed(.state(.connected))
        harness.feed(.commandFinished(.device(.ping), .succeeded(reply: .status(.pong))))
        #expect(harness.actions.isEmpty)
        #expect(samples(registry).contains("gripfit_ping_round_trip_seconds_count 0"))
    }

    @Test func aNewVersionReplacesTheInfoSeries() {
        let (harness, registry) = harness()
        harness.link.bridgeVersion = "1.2.0"
        harness.link.firmware = "1.0"
        harness.feed(.state(.connected))
        let info = samples(registry).filter { $0.hasPrefix("gripfit_build_info") }
        #expect(info == [#"gripfit_build_info{bridge="1.2.0",firmware="1.0",tool="9.9.9"} 1.0"#])
    }
}
