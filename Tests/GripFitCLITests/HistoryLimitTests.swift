import Foundation
import GripFitCore
import GripFitRecords
import GripFitStore
import Testing

@testable import GripFitCLI

/// Issue 23: `history` on a long history shows a screenful on a terminal and says what it left
/// out; --limit, --all, --station and --until; a pipe, CSV and JSON list everything.
@Suite(.waitsOnProcesses, .timeLimit(.minutes(15)))
struct HistoryLimitTests {
    /// 30 sessions a minute apart, alternately recorded at room-a and room-b.
    static func history() throws -> BuiltBinary {
        let cli = BuiltBinary()
        let store = try SQLiteHistory(path: cli.historyPath)
        for index in 0..<30 {
            let trace = RawTrace(samples: (0..<20).map { RawSample(micros: Int64($0) * 100_000, raw: 1_000 + Int32($0 % 5) * 10_000) })
            var session = StoredSession.analysed(
                device: "ble:C0:FF:EE:00:00:01",
                startedAtMilliseconds: 1_795_000_000_000 + Int64(index) * 60_000,
                firmware: nil,
                label: "session \(index)",
                hand: .right,
                calibration: nil,
                trace: trace
            )
            session.station = index.isMultiple(of: 2) ? "room-a" : "room-b"
            try store.save(session, sameStart: .skip)
        }
        return cli
    }

    /// `history` as on a terminal of `rows` rows.
    static func onTerminal(_ cli: BuiltBinary, rows: Int, _ arguments: String...) throws -> [String] {
        guard let history = try GripFitSerial.parseAsRoot(["history"] + arguments) as? History else { return [] }
        let sink = CapturedOutput()
        let station = Station(environment: cli.environment)
        let (store, damage) = try station.historyToRead(at: .sqlite(path: cli.historyPath))
        try history.list(store, damage: damage, calibrations: station.calibrations, width: 100, screenRows: rows, to: sink)
        return sink.stdout.split(separator: "\n").map(String.init)
    }

    @Test func aTerminalGetsAScreenfulAndIsToldTheRest() throws {
        let cli = try Self.history()
        let lines = try Self.onTerminal(cli, rows: 13)
        // The header, 10 rows, the line saying so, and the prompt's line: 13.
        #expect(lines.count == 12, "\(lines)")
        #expect(lines.first?.hasPrefix("id") == true && lines.first?.contains("station") == true)
        #expect(lines[1].hasPrefix("30 "), "the newest first: \(lines)")
        #expect(lines.last == "showing the newest 10 of 30 sessions; --all or --limit N for more")
        #expect(try Self.onTerminal(cli, rows: 13, "--all").count == 31)
        #expect(try Self.onTerminal(cli, rows: 100).count == 31, "nothing is left out, so nothing is said")
    }

    @Test func limitStationAndUntilNarrowTheList() throws {
        let cli = try Self.history()
        let limited = cli.inProcess("history", "--limit", "5", "--station", "room-b", columns: 120)
        #expect(limited.status == 0, "\(limited.stderr)")
        let lines = limited.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 7 && lines.dropFirst().prefix(5).allSatisfy { $0.contains("room-b") }, "\(lines)")
        #expect(lines.last == "showing the newest 5 of 15 sessions; --all or --limit N for more")

        // --until is exclusive: the session starting at that time is not listed.
        let until = Timestamp.rfc3339(milliseconds: 1_795_000_000_000 + 3 * 60_000)
        let early = try cli.historyJSONInProcess(arguments: "--until", until)
        #expect(early.compactMap { $0["label"] as? String } == ["session 2", "session 1", "session 0"])
        #expect(early.first?["station"] as? String == "room-a")
    }

    @Test func aPipeCSVAndJSONListEverything() throws {
        let cli = try Self.history()
        #expect(cli.inProcess("history").stdout.split(separator: "\n").count == 31)
        #expect(cli.inProcess("history", "--format", "csv").stdout.split(separator: "\n").count == 31)
        #expect(try cli.historyJSONInProcess().count == 30)
        #expect(try Self.onTerminal(cli, rows: 13, "--json").first?.hasPrefix("[") == true)
    }

    @Test func badLimitsAreRefused() throws {
        for arguments in [["--limit", "0"], ["--limit", "5", "--all"], ["--assessments", "--station", "x"], ["--until", "soon"]] {
            #expect(throws: (any Error).self, "\(arguments)") { try GripFitSerial.parseAsRoot(["history"] + arguments) }
        }
    }
}
