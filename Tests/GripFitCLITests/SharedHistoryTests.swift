import Foundation
import Glibc
import PostgresTestSupport
import ScratchSupport
import Testing

/// Issue 23's acceptance through the real binary: several stations recording into one PostgreSQL
/// server (and into one SQLite file) at once, and a server that goes away mid-recording.
@Suite(.waitsOnProcesses, .timeLimit(.minutes(15)), .enabled(if: TestPostgres.isUsable, Comment(rawValue: TestPostgres.skipReason)))
struct SharedHistoryTests {
    /// Four `record` processes at once, as four stations would, into one server or one SQLite
    /// file: every session there once, no "locked".
    @Test(arguments: [true, false])
    func fourRecordingsIntoOneHistoryAreAllKept(onAServer: Bool) throws {
        let labels: [String]
        if onAServer {
            let server = try #require(try TestPostgres.shared())
            let (url, password) = try server.freshDatabase()
            labels = try Self.recordFour(history: url, password: password)
        } else {
            let path = Scratch.directory("gripfit-shared") + "/history.sqlite"
            labels = try Self.recordFour(history: "sqlite:" + path, password: nil)
        }
        #expect(labels == (1...4).map { "station\($0)" })
    }

    /// The server stops while a session is being recorded: it is saved on the station, the command
    /// exits 0 and says it is pending; `history sync` pushes it once, and the server then holds it
    /// reading by reading.
    @Test func aServerStoppedMidRecordingLosesNothing() throws {
        let server = try #require(try TestPostgres.dedicated())
        defer { try? server.stop() }
        let (url, password) = try server.freshDatabase()
        let cli = BuiltBinary()
        let extra = ["PGPASSWORD": password]
        // The history is opened (and migrated) before the recording starts.
        let (process, out, err) = try cli.start(["record", "--simulate", "--duration", "3", "--history", url], extra: extra)
        cli.watchdog(process, seconds: 60)
        // Recording: the notice comes with the GripFit's identity, before its first reading.
        let said = PipeReader.text(of: err, until: "no calibration for this device", before: .now + .seconds(50))
        try server.stop()
        var recorded = cli.finish(process, out, err)
        recorded.stderr = said + recorded.stderr
        #expect(recorded.status == 0, "\(recorded.stderr)")
        #expect(recorded.stderr.contains("pending"), "\(recorded.stderr)")
        #expect(recorded.stdout.hasPrefix("saved session"), "\(recorded.stdout)")

        let away = try cli.run(["history", "--json", "--history", url], extra: extra)
        #expect(away.status == 69, "\(away.stderr)")

        try server.start()
        let first = try cli.run(["history", "sync", "--history", url], extra: extra)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("pushed 1 session "), "\(first.stdout)")
        let second = try cli.run(["history", "sync", "--history", url], extra: extra)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout.contains("pushed 0 sessions"), "\(second.stdout)")

        let onServer = try Self.exported(cli, history: url, extra: extra)
        let onStation = try Self.exported(cli, history: "sqlite:" + cli.historyPath, extra: [:])
        #expect(onServer.count == 1)
        #expect(onStation.count == 1)
        #expect(onServer.first?["trace"] as? NSObject == onStation.first?["trace"] as? NSObject)
        #expect((onServer.first?["trace"] as? [String: Any])?.isEmpty == false)
    }

    /// A GripFit calibrated in room A is calibrated in room B once B reaches the server.
    @Test func aCalibrationAtOneStationReachesTheOthers() throws {
        let server = try #require(try TestPostgres.shared())
        let (url, password) = try server.freshDatabase()
        let extra = ["PGPASSWORD": password, "GRIPFIT_HISTORY": url]
        let roomA = BuiltBinary()
        let roomB = BuiltBinary()
        // In-process: the stations' recordings above go through the binary.
        let calibrated = roomA.runInProcess(["calibrate", "--simulate", "--mass", "10kg"], extra: extra)
        #expect(calibrated.status == 0, "\(calibrated.stderr)")
        let listed = roomB.runInProcess(["history"], extra: extra)
        #expect(listed.status == 0, "\(listed.stderr)")
        let file = try Data(contentsOf: URL(fileURLWithPath: roomB.configHome + "/gripfit/calibrations.json"))
        let book = try JSONSerialization.jsonObject(with: file) as? [[String: Any]] ?? []
        #expect(book.compactMap { $0["device"] as? String } == ["ble:C0:FF:EE:00:00:01"])
    }

    /// Four processes record at once into `history`, each labelled; returns the labels the history holds, sorted.
    private static func recordFour(history: String, password: String?) throws -> [String] {
        let cli = BuiltBinary()
        let extra = password.map { ["PGPASSWORD": $0] } ?? [:]
        let runs = try (1...4).map {
            try cli.start(["record", "--simulate", "--duration", "1", "--label", "station\($0)", "--history", history], extra: extra)
        }
        for (process, out, err) in runs {
            cli.watchdog(process, seconds: 90)
            let result = cli.finish(process, out, err)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(!result.stderr.contains("locked"), "\(result.stderr)")
            #expect(result.stdout.hasPrefix("saved session"), "\(result.stdout)")
        }
        let listed = try cli.run(["history", "--json", "--history", history], extra: extra)
        #expect(listed.status == 0, "\(listed.stderr)")
        let rows = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]] ?? []
        return rows.compactMap { $0["label"] as? String }.sorted()
    }

    /// The sessions of `history`'s `export --all` (JSON).
    private static func exported(_ cli: BuiltBinary, history: String, extra: [String: String]) throws -> [[String: Any]] {
        let result = try cli.run(["export", "--all", "--history", history], extra: extra)
        #expect(result.status == 0, "\(result.stderr)")
        let document = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        return document?["sessions"] as? [[String: Any]] ?? []
    }
}
