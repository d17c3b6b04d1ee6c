import Foundation
import GripFitSimulator
import ScratchSupport
import Testing

/// `check --metrics-file`: the run's figures in Prometheus' text format for node-exporter's textfile
/// collector, written whole (a temporary name beside it, then a rename) and readable by its user.
@Suite(.waitsOnProcesses, .serialized) struct CheckMetricsFileTests {
    let directory = Scratch.directory("gripfit-check-metrics")

    @Test func aRunWritesItsVerdictsAndTheSessionsFigures() throws {
        let path = directory + "/gripfit.prom"
        let result = InProcessCheck.run([
            "--simulate", "--only", "handshake", "default-rate", "ping", "--duration", "1", "--max-ping-p99", "1000",
            "--max-jitter-p99", "2000", "--metrics-file", path,
        ])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        for line in [
            #"gripfit_check_case_passed{case="handshake"} 1"#, #"gripfit_check_case_passed{case="ping"} 1"#,
            #"gripfit_check_figure{case="ping",figure="latency_p99_ms"} "#, "gripfit_check_duration_seconds ",
            "gripfit_check_last_run_timestamp_seconds ",
            "gripfit_usb_link_up 1", #"firmware="1.0""#, #"bridge="1.0.0-sim""#,
        ] {
            #expect(text.contains(line), "\(line) in\n\(text)")
        }
        let readings = text.split(separator: "\n").first { $0.hasPrefix("gripfit_readings_total ") }
        #expect(readings.flatMap { Double($0.split(separator: " ")[1]) }.map { $0 > 0 } == true, "\(text)")
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o644, "node-exporter runs as its own user")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["gripfit.prom"], "no temporary file left")
        if PrometheusServer.isUsable {
            let lint = try PrometheusServer.promtool(["check", "metrics"], input: text)
            #expect(lint.status == 0, "\(lint.output)")
        }
    }

    /// The file holds one dongle's figures, unlabelled by dongle: several dongles are refused before
    /// any case runs, saying how to check them, and no file is written.
    @Test func severalDonglesAreRefusedWithTheWayToCheckEach() throws {
        let dongles = try [VirtualDongle(), VirtualDongle()]
        for dongle in dongles { dongle.start() }
        defer { for dongle in dongles { dongle.stop() } }
        let path = directory + "/several.prom"
        let result = InProcessCheck.run(dongles.flatMap { ["--port", $0.path] } + ["--only", "handshake", "--metrics-file", path])
        #expect(result.status == 64, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("--metrics-file takes one dongle's run, and 2 were found"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func theMetricsFileMayNotBeAnotherReport() {
        let path = directory + "/one.xml"
        let result = InProcessParse.run(["check", "--simulate", "--junit", path, "--metrics-file", path])
        #expect(result.status == 64)
        #expect(result.stderr.contains("give it a file of its own"), "\(result.stderr)")
    }
}
