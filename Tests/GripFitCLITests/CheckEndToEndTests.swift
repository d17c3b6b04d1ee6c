import Foundation
import FoundationXML
import Testing

/// `check` against the built-in simulator, as CI would run it: the clean firmware passes every
/// case, and each simulated firmware bug fails exactly the case that should catch it.
@Suite(.serialized) struct CheckEndToEndTests {
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

    @Test func aDefaultRunPassesTheCleanSimulatorWithEightCasesAndFiguresInUnderAMinute() throws {
        let junitPath = Self.temporaryPath("clean.xml")
        let jsonPath = Self.temporaryPath("clean.json")
        defer {
            try? FileManager.default.removeItem(atPath: junitPath)
            try? FileManager.default.removeItem(atPath: jsonPath)
        }
        let result = try CLIProcess.run(["check", "--simulate", "--junit", junitPath, "--json", jsonPath])
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
        let cases = try #require(json["cases"] as? [[String: Any]])
        #expect(cases.count == 8)
        let caseSeconds = cases.compactMap { $0["time_s"] as? Double }.reduce(0, +)
        #expect(caseSeconds < 60, "the default run's cases took \(caseSeconds) s")
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
        let result = try CLIProcess.run(["check", "--simulate", "--bug", bug, "--duration", "1", "--junit", junitPath])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        let junit = try JUnit(path: junitPath)
        #expect(junit.testcases.count == 8)
        #expect(junit.failedNames == [failingCase], "\(result.stdout)")
        #expect(result.stderr.contains(failingCase))
    }

    /// Every PONG 1.5 s late: each ping is unanswered within its 1 s, its PONG answers no later
    /// PING, and exactly the configured number of PINGs goes out (none repeated).
    @Test func latePongsAreNotPairedWithLaterPings() throws {
        let jsonPath = Self.temporaryPath("late-pong.json")
        defer { try? FileManager.default.removeItem(atPath: jsonPath) }
        let result = try CLIProcess.run([
            "check", "--simulate", "--bug", "slow-pong", "--only", "ping", "--duration", "1", "--json", jsonPath, "--log-level", "debug",
        ])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        let pingsSent = result.stderr.split(separator: "\n").filter { $0.contains("send") && $0.contains("CMD:PING") }
        #expect(pingsSent.count == 3, "\(result.stderr)")
        let json = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: jsonPath))) as? [String: Any])
        let ping = try #require((json["cases"] as? [[String: Any]])?.first)
        let figures = try #require(ping["figures"] as? [String: Any])
        #expect(figures["pings"] as? Int == 3)
        #expect(figures["unanswered"] as? Int == 3, "\(figures)")
        #expect((figures["late_pongs"] as? Int ?? 0) >= 2, "\(figures)")
        #expect(figures["latency_p50_ms"] == nil, "no late PONG is taken for an answer: \(figures)")
        #expect((ping["message"] as? String ?? "").contains("3 of 3 pings got no S:PONG within 1000 ms"))
    }

    @Test func quietKeepsOnlyTheSummary() throws {
        let result = try CLIProcess.run(["check", "--simulate", "--only", "handshake", "ping", "--duration", "1", "--quiet"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.lines.count == 2, "\(result.stdout)")
        #expect(result.stdout.contains("2 cases: 2 passed"))
        #expect(!result.stdout.contains("✔"))
    }

    @Test func dataLostCountsInTheFormatAndDefaultRateFigures() throws {
        let jsonPath = Self.temporaryPath("data-loss.json")
        defer { try? FileManager.default.removeItem(atPath: jsonPath) }
        let result = try CLIProcess.run([
            "check", "--simulate", "--fault", "data-loss", "--only", "format", "default-rate", "--duration", "2", "--json", jsonPath,
        ])
        #expect(result.status == 0 || result.status == 1, "\(result.stdout)\(result.stderr)")
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
        let result = try CLIProcess.run(["check", "--simulate", "--only", "handshake", "ping", "tare", "--skip", "tare", "--duration", "1"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("2 cases: 2 passed"))
        #expect(!result.stdout.contains("tare"))
    }

    @Test func usageErrorsExit64() throws {
        #expect(try CLIProcess.run(["check", "--simulate", "--duration", "0.1"]).status == 64)
        #expect(try CLIProcess.run(["check", "--simulate", "--only", "nonsense"]).status == 64)
        #expect(try CLIProcess.run(["check", "--simulate", "--only", "ping", "--skip", "ping"]).status == 64)
        #expect(try CLIProcess.run(["check", "--port", "/dev/ttyACM0", "--bug", "slow-pong"]).status == 64)
    }

    @Test func aMissingPortExits69WithoutAReport() throws {
        let junitPath = Self.temporaryPath("missing.xml")
        let result = try CLIProcess.run(["check", "--port", "/dev/gripfit-no-such-port", "--junit", junitPath])
        #expect(result.status == 69, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: junitPath))
    }
}
