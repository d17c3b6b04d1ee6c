import Foundation
import GRDB
import Glibc
import GripFitCore
import GripFitRecords
import GripFitStore
import Testing

/// A history damaged on disk (bit rot, a bad edit, a crafted file): every command either works or
/// names what is damaged, and the sessions that still read stay readable and exportable.
@Suite(.waitsOnProcesses, .timeLimit(.minutes(15)))
struct HistoryDamageTests {
    /// A history of five sessions, imported through the store; returns the CLI and the database path.
    static func history() throws -> (BuiltBinary, String) {
        let cli = BuiltBinary()
        let starts = (0..<5).map { "2026-11-18T11:0\($0):40.000Z" }
        let file = cli.home + "/in.csv"
        let text = HostileInputTests.csv(starts: starts)
        try HostileInputTests.write(text, file)
        try cli.importDirectly(text)
        return (cli, cli.historyPath)
    }

    /// Every read the commands make of a history, in-process: each returns or throws a
    /// ``StoreError``, never traps.
    static func readEverything(_ path: String) {
        guard let history = try? SQLiteHistory(path: path) else { return }
        _ = try? history.list()
        for id in (try? history.allIDs()) ?? [] { _ = try? history.session(id: id) }
        _ = try? history.session(id: 3)
    }

    static func execute(_ path: String, _ sql: String) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { db in try db.execute(sql: sql) }
    }

    @Test func aSessionWithWrongTypesIsNamedAndTheOthersStillReadAndExport() throws {
        let (cli, path) = try Self.history()
        try Self.execute(path, "UPDATE session SET peak = 'abc' WHERE id = 2")
        try Self.execute(path, "UPDATE session SET calibration_offset = 1e999, calibration_counts_per_kg = 20000 WHERE id = 3")
        try Self.execute(path, "UPDATE trace SET data = x'00ff00ff' WHERE session_id = 4")
        try Self.execute(path, "UPDATE session SET label = 'abc' || char(8238) || 'fed' WHERE id = 5")

        // In-process (issue 32): byteFlipsAndTypeChangesNeverCrashACommand reads damage through the binary.
        let history = cli.inProcess("history", "--json")
        HostileInputTests.expectClean(history, 65, "session 2 is damaged (peak holds text)")
        let listed = try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]] ?? []
        #expect(listed.compactMap { $0["id"] as? Int }.sorted() == [1, 3, 4, 5])

        HostileInputTests.expectClean(cli.inProcess("show", "2"), 65, "session 2 is damaged")
        HostileInputTests.expectClean(cli.inProcess("show", "3"), 65, "session 3 is damaged (calibration_offset is inf)")
        HostileInputTests.expectClean(cli.inProcess("show", "4"), 65, "session 4 is damaged (trace does not decode")
        HostileInputTests.expectClean(cli.inProcess("plot", "4", "-o", cli.home + "/p.svg"), 65, "session 4 is damaged")
        let show = cli.inProcess("show", "5")
        HostileInputTests.expectClean(show, 0)
        #expect(show.stdout.contains("abc\\u{202e}fed"), "bidi controls already stored are escaped on the terminal")
        HostileInputTests.expectClean(cli.inProcess("show", "1"), 0)

        let backup = cli.home + "/backup.json"
        let export = cli.inProcess("export", "--all", "-o", backup)
        HostileInputTests.expectClean(export, 65, "not exported: session 2 is damaged")
        #expect(export.stderr.contains("session 3 is damaged") && export.stderr.contains("session 4 is damaged"))
        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: backup))) as? [String: Any]
        #expect((document?["sessions"] as? [Any])?.count == 2, "sessions 1 and 5 exported")
    }

    @Test func integrityCheckProblemsSayTheHistoryIsDamagedWithItsPath() throws {
        let (cli, path) = try Self.history()
        // Point the start-time index at the rep table's pages: the rows read, the index lies.
        try Self.execute(
            path,
            """
            PRAGMA writable_schema = ON;
            UPDATE sqlite_master SET rootpage = (SELECT rootpage FROM sqlite_master WHERE name = 'rep')
                WHERE name = 'session_started';
            """
        )
        // In-process (issue 32), `import` by InProcessCommand, the readers by InProcessHistory.
        let commands = [
            ["history"], ["show", "1"], ["export", "--all", "-o", cli.home + "/rescue.json"], ["import", cli.home + "/in.csv"],
        ]
        for arguments in commands {
            let result = arguments[0] == "import" ? cli.runInProcess(arguments) : InProcessHistory.run(arguments, in: cli)
            HostileInputTests.expectClean(result, 65, "the history is damaged")
            #expect(result.stderr.contains(path), "\(arguments)")
        }
    }

    @Test func aFileThatIsNotADatabaseSaysTheHistoryIsDamaged() throws {
        let (cli, path) = try Self.history()
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.write(contentsOf: Data(repeating: 0x41, count: 100))
        try handle.close()
        let result = cli.inProcess("history")
        HostileInputTests.expectClean(result, 65, "\(path): the history is damaged")
        #expect(!result.stderr.contains("writable"))
    }

    /// Random byte flips and type changes, seeded: no command may trap, exit 0 with an error,
    /// or fail without naming the damage. Each round's damage goes through one command, in turn
    /// (through the binary in the first round of each, in-process after), and through all of the
    /// store's reads in-process.
    @Test func byteFlipsAndTypeChangesNeverCrashACommand() throws {
        let (cli, path) = try Self.history()
        let pristine = try Data(contentsOf: URL(fileURLWithPath: path))
        var random = SeededRandom(seed: 12)
        let columns = ["peak", "mean", "duration", "rep_count", "started_at_ms", "hand", "device", "sample_count", "threshold"]
        let values = ["'x'", "NULL", "1e999", "-1e999", "x'ff'", "9223372036854775807", "-9223372036854775808", "0.5"]
        let commands = [["history", "--json"], ["export", "--all", "--format", "csv", "-o", cli.home + "/out.csv"], ["show", "3"]]
        for round in 0..<20 {
            try pristine.write(to: URL(fileURLWithPath: path))
            if round % 2 == 0 {
                var bytes = [UInt8](pristine)
                // Most of the file is free pages: enough flips to reach the schema and the rows too.
                for _ in 0..<(1 + Int(random.next() % 40)) {
                    let index = Int(random.next() % UInt64(bytes.count - 100)) + 100
                    bytes[index] ^= UInt8(truncatingIfNeeded: random.next() | 1)
                }
                try Data(bytes).write(to: URL(fileURLWithPath: path))
            } else {
                let column = columns[Int(random.next() % UInt64(columns.count))]
                let value = values[Int(random.next() % UInt64(values.count))]
                try? Self.execute(path, "UPDATE session SET \(column) = \(value) WHERE id = \(1 + random.next() % 5)")
            }
            Self.readEverything(path)
            let arguments = commands[round % commands.count]
            let result = round < commands.count ? try cli.run(arguments) : InProcessHistory.run(arguments, in: cli)
            #expect(!result.stderr.contains("Fatal error"), "round \(round) \(arguments): \(result.stderr)")
            // 66: a flipped id can make session 3 vanish, which `show` says.
            #expect([0, 65, 66].contains(result.status), "round \(round) \(arguments): \(result.status) \(result.stderr)")
            if result.status != 0 {
                #expect(
                    result.stderr.contains("damaged") || result.stderr.contains("no session 3"),
                    "round \(round) \(arguments): \(result.stderr)"
                )
            } else {
                #expect(!result.stderr.contains("gripfit-serial:"), "round \(round) \(arguments): \(result.stderr)")
            }
        }
    }
}
