import Foundation
import FoundationXML
import Testing

/// `check` and `monitor` on several dongles at once, as a lab rack runs them: simulators on ptys
/// and behind Debian's ser2net, one JUnit testsuite per dongle in one file.
@Suite(.waitsOnProcesses, .serialized) struct CheckSeveralDonglesTests {
    /// Simulators under a constant load (not squeezes), so tare settles near 0 as on a bench.
    static func simulators(_ bugs: [String?]) throws -> [SimulatorProcess] {
        try bugs.map { bug in try SimulatorProcess(["--load", "10kg"] + (bug.map { ["--bug", $0] } ?? [])) }
    }

    static func suites(_ path: String) throws -> [XMLElement] {
        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: path))
        return try document.nodes(forXPath: "/testsuites/testsuite") as? [XMLElement] ?? []
    }

    static func attribute(_ element: XMLElement, _ name: String) -> String? {
        element.attribute(forName: name)?.stringValue
    }

    @Test func fourSimulatorsGiveFourPassingSuitesInOneValidFile() throws {
        let simulators = try Self.simulators([nil, nil, nil, nil])
        defer { for simulator in simulators { _ = simulator.stop() } }
        let junit = CheckEndToEndTests.temporaryPath("four.xml")
        defer { try? FileManager.default.removeItem(atPath: junit) }
        let ports = simulators.flatMap { ["--port", $0.path] }
        // This test machine's limits (``TestLimits``): four sessions in one process beside other suites.
        let limits = TestLimits.check + ["--reconnect-within", "30"]
        let result = try CLIProcess.run(["check"] + ports + ["--duration", "1", "--junit", junit] + limits)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(try JUnitSchema.validate(junit) == "")
        let suites = try Self.suites(junit)
        #expect(suites.map { Self.attribute($0, "name") } == simulators.map(\.path))
        #expect(suites.allSatisfy { Self.attribute($0, "tests") == "8" && Self.attribute($0, "failures") == "0" })
        for simulator in simulators {
            #expect(result.lines.filter { $0.hasPrefix("[\(simulator.path)] ✔") }.count == 8)
        }
        #expect(result.stdout.contains("4 devices: 4 passed, 0 failed"))
        // Concurrent, not one after another: the last suite started before the first one ended (each
        // suite's own timestamp and time, a statement about order that no machine's speed changes).
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withDashSeparatorInDate]
        let spans = suites.compactMap { suite -> (start: Date, end: Date)? in
            guard let start = Self.attribute(suite, "timestamp").flatMap({ formatter.date(from: $0) }),
                let time = Self.attribute(suite, "time").flatMap(Double.init)
            else { return nil }
            return (start, start.addingTimeInterval(time))
        }
        #expect(spans.count == 4)
        let lastStart = spans.map(\.start).max() ?? .distantFuture
        let firstEnd = spans.map(\.end).min() ?? .distantPast
        // Timestamps are whole seconds: a second's slack keeps the rounding out of it.
        #expect(lastStart < firstEnd.addingTimeInterval(1), "\(spans)")
    }

    @Test func oneBuggyDongleFailsOnlyItsOwnSuiteAndTheRun() throws {
        let simulators = try Self.simulators([nil, nil, "slow-pong", nil])
        defer { for simulator in simulators { _ = simulator.stop() } }
        let junit = CheckEndToEndTests.temporaryPath("slow-pong.xml")
        defer { try? FileManager.default.removeItem(atPath: junit) }
        let ports = simulators.flatMap { ["--port", $0.path] }
        let result = try CLIProcess.run(
            ["check"] + ports + ["--only", "handshake", "ping", "--duration", "1", "--junit", junit, "--quiet"]
        )
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(try JUnitSchema.validate(junit) == "")
        let suites = try Self.suites(junit)
        #expect(suites.count == 4)
        let failing = suites.filter { Self.attribute($0, "failures") != "0" }.compactMap { Self.attribute($0, "name") }
        #expect(failing == [simulators[2].path])
        #expect(result.stderr.contains("1 of 4 dongles failed: \(simulators[2].path)"))
        #expect(!result.stdout.contains("✔"), "--quiet prints the summary only")
    }

    @Test(.enabled(if: Ser2Net.isUsable, "ser2net is not installed (make deps installs it)"))
    func twoDonglesBehindSer2NetInBothModes() throws {
        let simulators = try Self.simulators([nil, nil])
        defer { for simulator in simulators { _ = simulator.stop() } }
        let first = try Ser2Net(exporting: simulators[0].path)
        let second = try Ser2Net(exporting: simulators[1].path)
        let junit = CheckEndToEndTests.temporaryPath("ser2net.xml")
        defer { try? FileManager.default.removeItem(atPath: junit) }
        let result = try CLIProcess.run(
            [
                "check", "--port", first.rfc2217URL, "--port", second.rawURL, "--only", "handshake", "tare", "ping",
                "--duration", "1", "--junit", junit,
            ])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(try JUnitSchema.validate(junit) == "")
        #expect(try Self.suites(junit).map { Self.attribute($0, "name") } == [first.rfc2217URL, second.rawURL])

        let monitor = try CLIProcess.run(
            ["monitor", "--port", first.rawURL, "--port", second.rfc2217URL, "--format", "jsonl", "--duration", "2"])
        #expect(monitor.status == 0, "\(monitor.stderr)")
        let events = try monitor.lines.map(Event.init)
        let readingPorts = Set(events.filter { $0.kind == "reading" }.compactMap { $0["port"] as? String })
        #expect(readingPorts == [first.rawURL, second.rfc2217URL])
        #expect(events.allSatisfy { $0["port"] is String })
    }

    @Test func aDongleThatCannotBeCheckedIsAnErrorSuiteAndFailsTheRun() throws {
        let simulators = try Self.simulators([nil])
        defer { for simulator in simulators { _ = simulator.stop() } }
        let junit = CheckEndToEndTests.temporaryPath("unreachable.xml")
        defer { try? FileManager.default.removeItem(atPath: junit) }
        let refusing = try RefusingPort()
        let refused = "tcp://127.0.0.1:\(refusing.port)"
        let result = try withExtendedLifetime(refusing) {
            try CLIProcess.run(
                ["check", "--port", simulators[0].path, "--port", refused, "--only", "handshake", "--duration", "1", "--junit", junit])
        }
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(try JUnitSchema.validate(junit) == "")
        let suites = try Self.suites(junit)
        #expect(suites.map { Self.attribute($0, "errors") } == ["0", "1"])
        #expect(result.stdout.contains("[\(refused)] not checked"))
    }

    @Test func oneDongleCommandsRefuseSeveralPorts() throws {
        let result = InProcessCommand.run(["ping", "--port", "/dev/ttyACM0", "--port", "/dev/ttyACM1"], in: BuiltBinary())
        #expect(result.status == 64)
        #expect(result.stderr.contains("only check and monitor take several"))
        // Parsed in-process.
        #expect(InProcessParse.run(["monitor", "--port", "/dev/a", "--port", "/dev/b", "--format", "csv"]).status == 64)
    }
}
