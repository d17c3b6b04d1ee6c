import Foundation
import FoundationXML
import GripFitSimulator
import Testing

/// `check` against the built-in simulator, as CI would run it: the clean firmware passes every
/// case, and each simulated firmware bug fails exactly the case that should catch it. The default
/// run, a usage error and the debug log go through the binary; the other runs are the command's
/// own run in-process (``InProcessCheck``), its simulator on a thread of the test.
@Suite(.waitsOnProcesses) struct CheckEndToEndTests {
    /// A JUnit report parsed back: what a CI test reporter would see.
    struct JUnit {
        let document: XMLDocument

        init(path: String) throws {
            document = try XMLDocument(contentsOf: URL(fileURLWithPath: path))
        }

        var testcases: [XMLElement] { (try? document.nodes(forXPath: "//testsuite/testcase") as? [XMLElement]) ?? [] }

        var failedNames: [String] {
            testcases.filter { !$0.elements(forName: "failure").isEmpty }.compactMap { $0.attribute(forName: "name")?.stringValue }
        }

        func suiteProperty(_ name: String) -> String? {
            let properties = (try? document.nodes(forXPath: "//testsuite/properties/property") as? [XMLElement]) ?? []
            return properties.first { $0.attribute(forName: "name")?.stringValue == name }?.attribute(forName: "value")?.stringValue
        }
    }

    static func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("gripfit-check-\(getpid())-\(name)").path
    }

    @Test func aDefaultRunPassesTheCleanSimulatorWithEightCasesAndTheirFiguresAndTimes() throws {
        let junitPath = Self.temporaryPath("clean.xml")
        let jsonPath = Self.temporaryPath("clean.json")
        defer {
            try? FileManager.default.removeItem(atPath: junitPath)
            try? FileManager.default.removeItem(atPath: jsonPath)
        }
        // The limits for this test's machine (``TestLimits``), and a reconnect within 30 s, not 8.
        let result = try CLIProcess.run(
            ["check", "--simulate", "--junit", junitPath, "--json-file", jsonPath, "--reconnect-within", "30"] + TestLimits.check
        )
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("8 cases: 8 passed, 0 failed"))
        #expect(try JUnitSchema.validate(junitPath) == "", "valid against Jenkins' junit-10.xsd")
        // One line per case as it finished, before the summary; whole numbers without ".0".
        let caseLines = result.lines.prefix { !$0.hasPrefix("GripFit conformance check") }
        #expect(caseLines.filter { $0.hasPrefix("✔") }.count == 8, "\(result.stdout)")
        #expect(result.stdout.contains("nominal interval 100 ms"))
        #expect(!result.stdout.contains("100.0 ms"))

        let junit = try JUnit(path: junitPath)
        #expect(junit.testcases.count >= 8)
        #expect(junit.failedNames.isEmpty)
        let suite = try #require(junit.document.rootElement()?.elements(forName: "testsuite").first)
        #expect(suite.attribute(forName: "failures")?.stringValue == "0")
        #expect(junit.suiteProperty("device.firmware") == "1.0")
        #expect(junit.suiteProperty("bridge.version") == "1.0.0-sim")
        for testcase in junit.testcases {
            #expect(Double(testcase.attribute(forName: "time")?.stringValue ?? "") != nil)
            let out = testcase.elements(forName: "system-out").first?.stringValue ?? ""
            #expect(out.contains(" = "), "figures for \(testcase.attribute(forName: "name")?.stringValue ?? "?")")
        }

        let json = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: jsonPath))) as? [String: Any])
        #expect(json["failed"] as? Int == 0)
        #expect((json["tool_version"] as? String)?.wholeMatch(of: /\d+\.\d+\.\d+/) != nil, "the release, for CI's traceability: \(json)")
        let cases = try #require(json["cases"] as? [[String: Any]])
        #expect(cases.count == 8)
        // Each case's own time, for CI's report; how long it takes is this machine's, not asserted.
        #expect(cases.allSatisfy { ($0["time_s"] as? Double).map { $0 >= 0 } == true }, "\(cases)")
        let rate = try #require(cases.first { $0["name"] as? String == "default-rate" }?["figures"] as? [String: Any])
        #expect(rate["mean_interval_ms"] is Double)
        #expect(rate["jitter_p99_ms"] is Double)
        #expect(rate["dropped"] is Double)
    }

    /// Short windows keep each run to seconds; every case still runs, so "only this one failed" holds.
    @Test(arguments: [
        ("wrong-rate", "set-rate"),
        ("no-tared", "tare"),
        ("slow-pong", "ping"),
        ("no-info", "handshake"),
        ("malformed", "format"),
        ("no-reconnect", "reconnect"),
    ])
    func eachFirmwareBugFailsExactlyItsCase(bug: String, failingCase: String) throws {
        let junitPath = Self.temporaryPath("\(bug).xml")
        defer { try? FileManager.default.removeItem(atPath: junitPath) }
        let result = InProcessCheck.run(["--simulate", "--bug", bug, "--duration", "1", "--junit", junitPath] + TestLimits.check)
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        let junit = try JUnit(path: junitPath)
        #expect(junit.testcases.count == 8)
        #expect(junit.failedNames == [failingCase], "\(result.stdout)")
        #expect(result.stderr.contains(failingCase))
    }

    /// Every PONG 1.5 s late: each ping is unanswered within its 1 s, its PONG answers no later
    /// PING, and exactly the configured number of PINGs goes out (none repeated), as the simulator
    /// counts them. In-process (issue 32), with the simulator on a thread of the test process.
    @Test func latePongsAreNotPairedWithLaterPings() throws {
        var options = SimulatorOptions()
        options.bugs = [.slowPong]
        let simulator = try VirtualDongle(options: options)
        simulator.start()
        let jsonPath = Self.temporaryPath("late-pong.json")
        defer { try? FileManager.default.removeItem(atPath: jsonPath) }
        let result = InProcessCheck.run(["--port", simulator.path, "--only", "ping", "--duration", "1", "--json-file", jsonPath])
        simulator.stop()
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(simulator.statistics.pingsReceived == 3, "\(simulator.statistics)")
        let json = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: jsonPath))) as? [String: Any])
        let ping = try #require((json["cases"] as? [[String: Any]])?.first)
        let figures = try #require(ping["figures"] as? [String: Any])
        #expect(figures["pings"] as? Int == 3)
        #expect(figures["unanswered"] as? Int == 3, "\(figures)")
        #expect((figures["late_pongs"] as? Int ?? 0) >= 2, "\(figures)")
        #expect(figures["latency_p50_ms"] == nil, "no late PONG is taken for an answer: \(figures)")
        #expect((ping["message"] as? String ?? "").contains("3 of 3 pings got no S:PONG within 1000 ms"))
    }

    /// A hand still pressing after the tare, in-process: a load growing by 1 kg every 0.1 s
    /// (for ten minutes, a bound on a hang only), so wherever the tare lands, the readings after its
    /// 300 ms settle are at least 2 kg (40,000 counts) off 0, and the case names what to look for.
    @Test func aLoadedHandleFailsTareWithTheHintToLookAtIt() throws {
        var options = SimulatorOptions()
        options.load = .schedule((0..<6000).map { LoadStep(seconds: Double($0) / 10, kilograms: Double($0)) })
        let simulator = try VirtualDongle(options: options)
        simulator.start()
        defer { simulator.stop() }
        let result = InProcessCheck.run(["--port", simulator.path, "--only", "tare", "--duration", "1"])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        let counts = try #require(
            result.stdout.firstMatch(of: /the handle reads (\d+) counts: is something on it\?/)?.1,
            "\(result.stdout)"
        )
        #expect((Int(counts) ?? 0) >= 20_000, "\(result.stdout)")
    }

    /// A CI job pins the versions it flashed: another one fails handshake, with both named.
    @Test func expectedVersionsFailHandshakeOnAnyOther() throws {
        let wrong = InProcessCheck.run(["--simulate", "--only", "handshake", "--duration", "1", "--expect-firmware", "9.9"])
        #expect(wrong.status == 1, "\(wrong.stdout)\(wrong.stderr)")
        #expect(wrong.stdout.contains("the GripFit reports firmware 1.0, expected 9.9"), "\(wrong.stdout)")
        let bridge = InProcessCheck.run(["--simulate", "--only", "handshake", "--duration", "1", "--expect-bridge", "2.0.0"])
        #expect(bridge.status == 1)
        #expect(bridge.stdout.contains("the bridge reports version 1.0.0-sim, expected 2.0.0"), "\(bridge.stdout)")
        let right = InProcessCheck.run([
            "--simulate", "--only", "handshake", "--duration", "1", "--expect-firmware", "1.0", "--expect-bridge", "1.0.0-sim",
        ])
        #expect(right.status == 0, "\(right.stdout)\(right.stderr)")
    }

    /// Limits CI sets reach the cases (a zero spread after tare and a 1 s reconnect fail), and
    /// both reports say what they judged by.
    @Test func limitsSetOnTheCommandLineAreJudged() throws {
        let junitPath = Self.temporaryPath("limits.xml")
        let jsonPath = Self.temporaryPath("limits.json")
        defer {
            try? FileManager.default.removeItem(atPath: junitPath)
            try? FileManager.default.removeItem(atPath: jsonPath)
        }
        let tare = InProcessCheck.run([
            "--simulate", "--only", "tare", "--duration", "1", "--max-tare-spread", "0", "--max-ping-p99", "250",
            "--max-dropped", "7", "--junit", junitPath, "--json-file", jsonPath,
        ])
        #expect(tare.status == 1, "\(tare.stdout)\(tare.stderr)")
        #expect(tare.stdout.contains("more than 0"), "\(tare.stdout)")
        let json = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: jsonPath))) as? [String: Any])
        let limits = try #require(json["limits"] as? [String: Any])
        #expect(limits["tare_spread_counts"] as? Int == 0)
        #expect(limits["ping_p99_ms"] as? Int == 250)
        #expect(limits["tare_band_counts"] as? Int == 2000)
        #expect(limits["dropped_percent"] as? Int == 7, "\(limits)")
        #expect(try JUnit(path: junitPath).suiteProperty("limit.ping_p99_ms") == "250")
        #expect(try JUnitSchema.validate(junitPath) == "")
        let reconnect = InProcessCheck.run(["--simulate", "--only", "reconnect", "--duration", "1", "--reconnect-within", "1"])
        #expect(reconnect.status == 1, "\(reconnect.stdout)\(reconnect.stderr)")
        #expect(reconnect.stdout.contains("within 1000 ms of BRIDGE:DISCONNECT"))
        // Parsed in-process: usageErrorsExit64 takes check's usage errors through the binary.
        let usage = InProcessParse.run(["check", "--simulate", "--max-ping-p99", "5s"])
        #expect(usage.status == 64)
        #expect(usage.stderr.contains("--max-ping-p99 takes a whole number of milliseconds from 1 to 1000"))
    }

    /// One case is "1 case"; a passed case has a message; a simulated run's suite is "simulated",
    /// not the pty it happened to get.
    @Test func aSimulatedRunHasAStableNameAndEveryCaseAMessage() throws {
        let junitPath = Self.temporaryPath("stable.xml")
        let jsonPath = Self.temporaryPath("stable.json")
        defer {
            try? FileManager.default.removeItem(atPath: junitPath)
            try? FileManager.default.removeItem(atPath: jsonPath)
        }
        let result = InProcessCheck.run(["--simulate", "--only", "ping", "--duration", "1", "--junit", junitPath, "--json-file", jsonPath])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("1 case: 1 passed"), "\(result.stdout)")
        let suite = try #require(JUnit(path: junitPath).document.rootElement()?.elements(forName: "testsuite").first)
        #expect(suite.attribute(forName: "name")?.stringValue == "simulated")
        let json = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: jsonPath))) as? [String: Any])
        #expect(json["device"] as? String == "simulated")
        let ping = try #require((json["cases"] as? [[String: Any]])?.first)
        #expect(ping["result"] as? String == "passed")
        #expect(ping["message"] as? String == "CMD:PING -> S:PONG, latency p50/p99")
    }

    /// A pty (a simulator, or a bridge behind some relay) has no USB serial number and a new
    /// /dev/pts/N each time: its suite is named by the GripFit's BLE address instead.
    @Test func aPtyIsNamedByItsGripFitsAddress() throws {
        let simulator = try VirtualDongle()
        simulator.start()
        defer { simulator.stop() }
        let junitPath = Self.temporaryPath("pty.xml")
        defer { try? FileManager.default.removeItem(atPath: junitPath) }
        let result = InProcessCheck.run(["--port", simulator.path, "--only", "handshake", "--duration", "1", "--junit", junitPath])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let suite = try #require(JUnit(path: junitPath).document.rootElement()?.elements(forName: "testsuite").first)
        let name = try #require(suite.attribute(forName: "name")?.stringValue)
        #expect(!name.hasPrefix("/dev/"), "\(name)")
        #expect(name.split(separator: ":").count == 6, "a BLE address: \(name)")
    }

    @Test func bothReportsToOneFileIsAUsageError() throws {
        let path = Self.temporaryPath("one.xml")
        // Parsed in-process: usageErrorsExit64 takes check's usage errors through the binary.
        let result = InProcessParse.run(["check", "--simulate", "--junit", path, "--json-file", path])
        #expect(result.status == 64)
        #expect(result.stderr.contains("Give them different files"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func quietKeepsOnlyTheSummary() throws {
        let result = InProcessCheck.run(["--simulate", "--only", "handshake", "ping", "--duration", "1", "--quiet"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.lines.count == 2, "\(result.stdout)")
        #expect(result.stdout.contains("2 cases: 2 passed"))
        #expect(!result.stdout.contains("✔"))
    }

    @Test func dataLostCountsInTheFormatAndDefaultRateFigures() throws {
        let jsonPath = Self.temporaryPath("data-loss.json")
        defer { try? FileManager.default.removeItem(atPath: jsonPath) }
        let result = InProcessCheck.run([
            // The old spelling of --json-file: the report is written, and a note says the new one.
            "--simulate", "--fault", "data-loss", "--only", "format", "default-rate", "--duration", "2", "--json", jsonPath,
        ])
        #expect(result.status == 0 || result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("`check --json FILE` is now `check --json-file FILE`"), "\(result.stderr)")
        let json = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: jsonPath))) as? [String: Any])
        let cases = try #require(json["cases"] as? [[String: Any]])
        for name in ["format", "default-rate"] {
            let figures = try #require(cases.first { $0["name"] as? String == name }?["figures"] as? [String: Any])
            #expect((figures["data_lost"] as? Double ?? 0) >= 1, "\(name): \(figures)")
        }
        let format = try #require(cases.first { $0["name"] as? String == "format" })
        #expect((format["figures"] as? [String: Any])?["malformed"] as? Double == 0, "lost lines are not malformed ones")
    }

    @Test func onlyAndSkipChooseTheCases() throws {
        let result = InProcessCheck.run(["--simulate", "--only", "handshake", "ping", "tare", "--skip", "tare", "--duration", "1"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("2 cases: 2 passed"))
        #expect(!result.stdout.contains("tare"))
    }

    @Test func usageErrorsExit64() throws {
        // The first run in-process, the others parsed in-process.
        #expect(InProcessCheck.run(["--simulate", "--duration", "0.1"]).status == 64)
        #expect(InProcessParse.run(["check", "--simulate", "--only", "nonsense"]).status == 64)
        #expect(InProcessParse.run(["check", "--simulate", "--only", "ping", "--skip", "ping"]).status == 64)
        #expect(InProcessParse.run(["check", "--port", "/dev/ttyACM0", "--bug", "slow-pong"]).status == 64)
    }

    @Test func aMissingPortExits69WithoutAReport() throws {
        let junitPath = Self.temporaryPath("missing.xml")
        let result = InProcessCheck.run(["--port", "/dev/gripfit-no-such-port", "--junit", junitPath])
        #expect(result.status == 69, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: junitPath))
    }
}
