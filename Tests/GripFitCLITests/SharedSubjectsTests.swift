import Foundation
import GripFitClinical
import GripFitRecords
import GripFitStore
import PostgresTestSupport
import Testing

/// Issue 38's subjects shared between stations and a PostgreSQL server, through the real binary:
/// two stations filing one new subject at once, an edit made at one station while another has a
/// session pending for that subject, and an erasure that must reach every station and leave
/// nothing in the server's files.
@Suite(.waitsOnProcesses, .timeLimit(.minutes(15)), .enabled(if: TestPostgres.isUsable, Comment(rawValue: TestPostgres.skipReason)))
struct SharedSubjectsTests {
    /// Two stations whose files hold the same new subjects copy them to the server at once, ten
    /// rounds: the later insert used to fail on the key (exit 65); every round now exits 0 and the
    /// server holds each subject once.
    @Test func twoStationsCopyingTheSameNewSubjectsAtOnceBothSucceed() throws {
        let server = try #require(try TestPostgres.shared())
        let (url, password) = try server.freshDatabase()
        let database = Self.database(url)
        let extra = ["PGPASSWORD": password]
        let stations = [BuiltBinary(), BuiltBinary()]
        for round in 1...10 {
            // Many subjects, so the two imports' transactions overlap as two stations' single ones may.
            let codes = (1...25).map { "R\(round)-S\($0)" }
            for station in stations {
                let history = try SQLiteHistory(path: station.historyPath)
                for code in codes { try history.addSubject(Subject(code: code, sex: .female, weightKilograms: 60)) }
            }
            let runs = try stations.map { try $0.start(["history", "copy", "--to", url], extra: extra) }
            for (station, (process, out, err)) in zip(stations, runs) {
                station.watchdog(process, seconds: 90)
                let copied = station.finish(process, out, err)
                #expect(copied.status == 0, "round \(round): \(copied.stderr)")
            }
            let held = try server.psql("SELECT count(*) FROM subject WHERE code LIKE 'R\(round)-%'", database: database)
            #expect(held.trimmingCharacters(in: .whitespacesAndNewlines) == "25", "round \(round)")
        }
    }

    /// Station B records for P7 while the server is away; station A then changes P7's weight on the
    /// server. B's sync used to fail every time (exit 65, "give them another code in the file"). The
    /// server's facts win: the session is pushed under them, and B's copy is refreshed to them.
    @Test func anEditAtOneStationDoesNotBlockAnotherStationsPendingSession() throws {
        let server = try #require(try TestPostgres.shared())
        let (url, password) = try server.freshDatabase()
        let online = ["PGPASSWORD": password, "GRIPFIT_HISTORY": url]
        let roomA = BuiltBinary()
        let roomB = BuiltBinary()
        let added = try roomB.run(["subject", "add", "P7", "--sex", "male", "--birth-year", "1960", "--weight", "60"], extra: online)
        #expect(added.status == 0, "\(added.stderr)")
        let away = ["PGPASSWORD": password, "GRIPFIT_HISTORY": Self.unreachable]
        let recorded = try roomB.run(["record", "--simulate", "--duration", "1", "--subject", "P7"], extra: away)
        #expect(recorded.status == 0, "\(recorded.stderr)")
        #expect(recorded.stderr.contains("pending"), "\(recorded.stderr)")
        let edited = try roomA.run(["subject", "edit", "P7", "--weight", "62"], extra: online)
        #expect(edited.status == 0, "\(edited.stderr)")

        let synced = try roomB.run(["history", "sync", "--history", url], extra: ["PGPASSWORD": password])
        #expect(synced.status == 0, "\(synced.stderr)")
        #expect(synced.stdout.contains("pushed 1 session (0 already on the server); 0 pending"), "\(synced.stdout)")
        let listed = try roomB.run(["history", "--json", "--subject", "P7"], extra: online)
        #expect(listed.status == 0, "\(listed.stderr)")
        let rows = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]] ?? []
        #expect(rows.count == 1)
        for (room, history) in [(roomA, url), (roomB, url), (roomB, "sqlite:" + roomB.historyPath)] {
            let shown = try room.run(["subject", "show", "P7", "--history", history], extra: ["PGPASSWORD": password])
            #expect(shown.stdout.contains("weight       62.0 kg"), "\(history): \(shown.stdout)\(shown.stderr)")
        }
    }

    /// Station A forgets a subject; station B's file still holds them (with their note) and a session
    /// recorded while the server was away. B's sync used to push the session and recreate the
    /// subject, note included. Now B removes its copies, pushes nothing of them, and neither the
    /// stations' files nor the server's data directory (after a checkpoint) hold the code or the note.
    @Test func aForgetAtOneStationReachesTheOthersAndLeavesNothingOnTheServer() throws {
        let server = try #require(try TestPostgres.dedicated())
        defer { try? server.stop() }
        // What README asks of the server's administrator: retired log files removed, not reused uncleared.
        _ = try server.psql("ALTER SYSTEM SET wal_recycle = off")
        _ = try server.psql("SELECT pg_reload_conf()")
        let (url, password) = try server.freshDatabase()
        let online = ["PGPASSWORD": password, "GRIPFIT_HISTORY": url]
        let code = "ERZPG"
        let note = "note-to-erase-2718"
        let roomA = BuiltBinary()
        let roomB = BuiltBinary()
        #expect(try roomB.run(["subject", "add", code, "--note", note], extra: online).status == 0)
        let recordedA = try roomA.run(["record", "--simulate", "--duration", "1", "--subject", code], extra: online)
        #expect(recordedA.status == 0, "\(recordedA.stderr)")
        let away = ["PGPASSWORD": password, "GRIPFIT_HISTORY": Self.unreachable]
        let recordedB = try roomB.run(["record", "--simulate", "--duration", "1", "--subject", code], extra: away)
        #expect(recordedB.status == 0, "\(recordedB.stderr)")
        #expect(recordedB.stderr.contains("pending"), "\(recordedB.stderr)")

        let forget = try roomA.run(["subject", "forget", code, "--yes"], extra: online)
        #expect(forget.status == 0, "\(forget.stderr)")
        #expect(forget.stdout.contains("1 session(s) and 0 assessment(s) deleted"), "\(forget.stdout)")
        #expect(forget.stdout.contains("a tombstone kept"), "\(forget.stdout)")
        #expect(forget.stdout.contains("other stations remove their copies at their next contact"), "\(forget.stdout)")

        let synced = try roomB.run(["history", "sync", "--history", url], extra: ["PGPASSWORD": password])
        #expect(synced.status == 0, "\(synced.stderr)")
        #expect(synced.stdout.contains("pushed 0 sessions"), "\(synced.stdout)")
        #expect(synced.stdout.contains("1 session(s) of subjects forgotten on the server removed from this station"), "\(synced.stdout)")

        for (room, history) in [(roomA, url), (roomA, "sqlite:" + roomA.historyPath), (roomB, "sqlite:" + roomB.historyPath)] {
            let shown = try room.run(["subject", "show", code, "--history", history], extra: ["PGPASSWORD": password])
            #expect(shown.status == 66, "\(history): \(shown.stdout)\(shown.stderr)")
        }
        let database = Self.database(url)
        #expect(try server.psql("SELECT count(*) FROM session", database: database).hasPrefix("0"))
        let readded = try roomB.run(["subject", "add", code], extra: online)
        #expect(readded.status == 65, "\(readded.stderr)")
        #expect(readded.stderr.contains("forgotten"), "\(readded.stderr)")

        for room in [roomA, roomB] {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: room.historyPath))
            #expect(bytes.range(of: Data(code.utf8)) == nil)
            #expect(bytes.range(of: Data(note.utf8)) == nil)
        }
        _ = try server.psql("CHECKPOINT")
        let holding = try Self.files(under: server.directory + "/data", holding: [code, code.lowercased(), note])
        #expect(holding.isEmpty, "\(holding)")
    }

    /// A server nobody listens on: a station using it records into its own file, pending.
    private static let unreachable = "postgresql://gripfit@127.0.0.1:1/gripfit"

    private static func database(_ url: String) -> String {
        String(url.split(separator: "/").last ?? "")
    }

    /// The regular files under `directory` whose bytes hold any of `needles` (ASCII, as the server stores them).
    private static func files(under directory: String, holding needles: [String]) throws -> [String] {
        var found: [String] = []
        guard let walk = FileManager.default.enumerator(atPath: directory) else { return [directory + " does not list"] }
        while let relative = walk.nextObject() as? String {
            let path = directory + "/" + relative
            guard (walk.fileAttributes?[.type] as? FileAttributeType) == .typeRegular else { continue }
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            for needle in needles where bytes.range(of: Data(needle.utf8)) != nil { found.append("\(relative): \(needle)") }
        }
        return found
    }
}
