import Foundation
import Testing

/// The README's labgrid recipe, run for real: a place holding a simulator exported by a labgrid
/// exporter, acquired with labgrid-client, checked through the RFC 2217 host:port `labgrid-client export
/// --format json` reports.
@Suite(
    .waitsOnProcesses,
    .serialized,
    .enabled(if: Labgrid.isInstalled, "labgrid could not be installed from PyPI (make labgrid-venv); this test needs it")
)
struct LabgridTests {
    @Test func checkRunsAgainstTheRFC2217PortOfAnAcquiredPlace() throws {
        let simulator = try SimulatorProcess(["--load", "10kg"])
        defer { _ = simulator.stop() }
        let labgrid = try Labgrid(exporting: simulator.path)
        for step in [["create"], ["add-match", "rack1/gripfit-rack/NetworkSerialPort"], ["acquire"]] {
            let result = try labgrid.client(["--place", "gripfit"] + step)
            #expect(result.status == 0, "labgrid-client \(step): \(result.stderr)")
        }
        let exported = try labgrid.export(place: "gripfit")
        let host = try #require(exported["LG__SERIALDRIVER_HOST"], "\(exported)")
        let port = try #require(exported["LG__SERIALDRIVER_PORT"], "\(exported)")
        #expect(exported["LG__SERIALDRIVER_PROTOCOL"] == "rfc2217")
        let result = try CLIProcess.run(
            ["check", "--port", "rfc2217://\(host):\(port)", "--only", "handshake", "tare", "ping", "--duration", "1"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("3 cases: 3 passed"))
        #expect(try labgrid.client(["--place", "gripfit", "release"]).status == 0)
    }
}
