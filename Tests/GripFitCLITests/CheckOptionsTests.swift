import Foundation
import GripFitConformance
import Testing

@testable import GripFitCLI

/// `check`'s CI options as parsed: each limit reaches the settings the cases judge by, in its
/// unit, and a value out of range or of the wrong kind is a usage error.
struct CheckOptionsTests {
    @Test func limitsAndVersionsReachTheSettings() throws {
        let check = try Check.parse([
            "--max-ping-p99", "250", "--tare-band", "300", "--max-tare-spread", "40", "--reconnect-within", "3.5",
            "--expect-firmware", "1.4.2", "--expect-bridge", "2.0.0", "--max-jitter-p99", "900", "--max-dropped", "10",
        ])
        let settings = check.settings
        #expect(settings.maximumPingP99 == .milliseconds(250))
        #expect(settings.maximumJitterP99 == .milliseconds(900))
        #expect(settings.maximumDropFraction == 0.1)
        #expect(settings.tareTolerance == 300)
        #expect(settings.maximumTareSpread == 40)
        #expect(settings.reconnectBound == .milliseconds(3500))
        #expect(settings.expectedFirmware == "1.4.2")
        #expect(settings.expectedBridge == "2.0.0")
    }

    @Test func theDefaultsAreTheSpecsLimits() throws {
        let settings = try Check.parse([]).settings
        #expect(settings == ConformanceSettings())
    }

    @Test(arguments: [
        ["--max-ping-p99", "0"], ["--max-ping-p99", "10001"], ["--max-jitter-p99", "0"], ["--max-jitter-p99", "10001"],
        ["--max-ping-p99", "2.5"], ["--tare-band", "-1"], ["--max-dropped", "101"], ["--max-dropped", "-1"], ["--max-dropped", "2.5"],
        ["--tare-band", "12abc"], ["--max-tare-spread", "99999999"], ["--reconnect-within", "0.5"], ["--reconnect-within", "nan"],
        ["--expect-firmware", ""], ["--expect-bridge", "1.0,evil"],
    ])
    func badValuesAreRefused(arguments: [String]) {
        #expect(throws: (any Error).self) { try Check.parse(arguments) }
    }

    @Test func bothReportsToOneFileAreRefused() {
        #expect(throws: (any Error).self) { try Check.parse(["--junit", "report.xml", "--json-file", "./report.xml"]) }
        #expect(throws: (any Error).self) { try Check.parse(["--junit", "/tmp/a/../report", "--json-file", "/tmp/report"]) }
        #expect(throws: Never.self) { try Check.parse(["--junit", "report.xml", "--json-file", "report.json"]) }
        // The old spelling names the same report.
        #expect(throws: (any Error).self) { try Check.parse(["--junit", "report.xml", "--json", "./report.xml"]) }
        #expect(throws: Never.self) { try Check.parse(["--junit", "report.xml", "--json", "report.json"]) }
    }

    /// `--json` is a flag everywhere else (`history --json`, `list --json`); check's report file is
    /// `--json-file`, and the old `--json FILE` still writes it (the run says so on stderr).
    @Test func theOldJSONSpellingStillNamesTheReport() throws {
        #expect(try Check.parse(["--json", "old.json"]).json == "old.json")
        #expect(try Check.parse(["--json-file", "new.json"]).json == "new.json")
        #expect(throws: (any Error).self) { try Check.parse(["--json", "a.json", "--json-file", "b.json"]) }
    }
}
