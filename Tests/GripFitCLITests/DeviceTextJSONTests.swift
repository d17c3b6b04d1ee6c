import Foundation
import GripFitSimulator
import Testing

/// One JSON rule through the real binary (issue 31): a firmware version holding ESC and a backslash
/// (the simulator's `hostile-firmware`) is the same JSON string in `monitor --format jsonl`, the
/// dashboard's events and `/api/status`, `history --json`, `export --format json` and `check --json`,
/// and decodes to what the device sent; the terminal (`show`) gets it as visible escapes.
@Suite(.waitsOnProcesses, .timeLimit(.minutes(15)))
struct DeviceTextJSONTests {
    static let firmware = SimulatedGripFit.hostileFirmware
    /// JSON's escapes only: ESC as `\u001b`, the backslash doubled once.
    static let literal = #""1.0\u001b[31m\\x""#

    /// Every value of `key` in `text`: one JSON value, or one per line (JSONL).
    static func values(of key: String, in text: String) -> [String] {
        var found: [String] = []
        func walk(_ value: Any) {
            if let object = value as? [String: Any] {
                if let text = object[key] as? String { found.append(text) }
                object.values.forEach(walk)
            } else if let array = value as? [Any] {
                array.forEach(walk)
            }
        }
        if let whole = try? JSONSerialization.jsonObject(with: Data(text.utf8)) {
            walk(whole)
        } else {
            for line in text.split(separator: "\n") {
                if let value = try? JSONSerialization.jsonObject(with: Data(line.utf8)) { walk(value) }
            }
        }
        return found
    }

    /// The output holds the literal and, decoded, the firmware as sent, never the terminal's escape.
    static func expectRaw(_ output: String, key: String, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(output.contains("\"\(key)\":" + literal), "\(what): \(output)", sourceLocation: sourceLocation)
        #expect(!output.contains("x1B"), "\(what): escaped for a terminal first", sourceLocation: sourceLocation)
        #expect(values(of: key, in: output).contains(firmware), "\(what) decodes to what the device sent", sourceLocation: sourceLocation)
    }

    @Test func firmwareIsTheSameJSONStringEverywhereAndVisibleOnTheTerminal() throws {
        let cli = BuiltBinary()
        let monitor = try cli.run("monitor", "--simulate", "--fault", "hostile-firmware", "--format", "jsonl", "--duration", "1.5")
        #expect(monitor.status == 0, "\(monitor.stderr)")
        Self.expectRaw(monitor.stdout, key: "firmware", "monitor --format jsonl")

        let record = try cli.run("record", "--simulate", "--fault", "hostile-firmware", "--duration", "3")
        #expect(record.status == 0, "\(record.stderr)")
        let history = try cli.run("history", "--json")
        #expect(history.status == 0, "\(history.stderr)")
        Self.expectRaw(history.stdout, key: "firmware", "history --json")
        let export = try cli.run("export", "--all", "--format", "json")
        #expect(export.status == 0, "\(export.stderr)")
        Self.expectRaw(export.stdout, key: "firmware", "export --format json")
        let show = try cli.run("show", "1")
        #expect(show.stdout.contains(#"firmware 1.0\x1B[31m\\x"#), "the terminal sees it escaped once: \(show.stdout)")
        #expect(!show.stdout.contains("\u{1B}"), "never the escape itself")

        let report = cli.home + "/check.json"
        let check = try cli.run(
            "check",
            "--simulate",
            "--fault",
            "hostile-firmware",
            "--only",
            "handshake",
            "--duration",
            "1",
            "--json",
            report
        )
        #expect(check.status == 0 || check.status == 1, "\(check.stdout)\(check.stderr)")
        Self.expectRaw(try String(contentsOfFile: report, encoding: .utf8), key: "device_firmware", "check --json")

        let dashboard = try DashboardEndToEndTests.Dashboard(["--fault", "hostile-firmware"], binary: cli)
        var device: String?
        // The device event, then a reading: /api/status has taken the device's versions by then.
        _ = try dashboard.client.events(seconds: 20) { data in
            if device == nil, data.contains(#""event":"device""#) { device = data }
            return device == nil || !data.contains(#""event":"reading""#)
        }
        Self.expectRaw(try #require(device), key: "firmware", "the dashboard's events")
        Self.expectRaw(try dashboard.client.get("/api/status").body, key: "firmware", "/api/status")
        #expect(dashboard.stop().status == 0)
    }
}
