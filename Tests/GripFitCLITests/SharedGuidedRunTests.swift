import Foundation
import Glibc
import GripFitRecords
import GripFitStore
import PostgresTestSupport
import Testing

/// Issue 33's guided run at two stations sharing one PostgreSQL server that goes away, through the
/// real binary: stopped before a run, and stopped mid-run. Each run exits 0 with its clinical lines
/// and says its attempts are pending; after `history sync` the server holds each assessment whole,
/// and every name the runs printed opens the same recording there, with the same FHIR ids.
@Suite(.waitsOnProcesses, .timeLimit(.minutes(15)), .enabled(if: TestPostgres.isUsable, Comment(rawValue: TestPostgres.skipReason)))
struct SharedGuidedRunTests {
    /// Right 30 then left 25 kg; a second trial adds right 32 and left 24. The simulated person
    /// squeezes on each cue, so a busy host's slower run never puts a squeeze before its cue.
    private static func person(trials: Int) -> [String] {
        ["--person", trials == 1 ? "right=30" : "right=30,32", "--person", trials == 1 ? "left=25" : "left=25,24"]
    }

    @Test func aGuidedRunWithTheServerAwayEndsWithItsClinicalLinesAndSyncsWhole() throws {
        let server = try #require(try TestPostgres.dedicated())
        defer { try? server.stop() }
        let (url, password) = try server.freshDatabase()
        let online = ["PGPASSWORD": password, "GRIPFIT_HISTORY": url]
        let roomA = BuiltBinary()
        let roomB = BuiltBinary()
        for room in [roomA, roomB] { try room.calibrateLikeTheSimulator() }
        let added = try roomA.run(
            ["subject", "add", "P1", "--sex", "female", "--birth-year", "1950", "--dominant", "right"],
            extra: online
        )
        #expect(added.status == 0, "\(added.stderr)")
        // Station B only lists the history while the server is up: that contact keeps P1's facts there.
        #expect(try roomB.run(["history"], extra: online).status == 0)

        try server.stop()
        // On the simulator's clock, five times faster: nothing happens to the server during this run.
        let before = try roomB.run(Self.guided(trials: 1) + ["--speed", "5"], extra: online)
        Self.expectEndedWell(before, "server stopped before the run")

        try server.start()
        let (process, out, err) = try roomA.start(Self.guided(trials: 2), extra: online)
        roomA.watchdog(process, seconds: 120)
        let early = PipeReader.text(of: out, until: "saved session", before: .now + .seconds(60))
        try server.stop()
        var midRun = roomA.finish(process, out, err)
        midRun.stdout = early + midRun.stdout
        Self.expectEndedWell(midRun, "server stopped mid-run")
        #expect(early.contains("saved session"), "\(early)")

        // Each run's FHIR as its station writes it while the server is away, to compare with the server's after the sync.
        var stationFHIR: [String: [String]] = [:]
        for (room, run) in [(roomB, before), (roomA, midRun)] {
            let assessment = try #require(Self.names("a", in: run.stdout).first, "\(run.stdout)")
            stationFHIR[assessment] = try Self.fhirNames(room, assessment, history: "sqlite:" + room.historyPath, extra: [:])
        }

        try server.start()
        for room in [roomA, roomB] {
            let synced = try room.run(["history", "sync"], extra: online)
            #expect(synced.status == 0, "\(synced.stderr)")
            #expect(synced.stdout.contains("; 0 pending"), "\(synced.stdout)")
        }
        let listed = try roomA.run(["history", "--assessments", "--json"], extra: online)
        #expect(listed.status == 0, "\(listed.stderr)")
        let assessments = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]] ?? []
        // Newest first: A's two trials per hand, then B's one.
        #expect(assessments.count == 2, "\(listed.stdout)")
        let counted = assessments.map { assessment in
            [assessment["right"], assessment["left"]].map { (($0 as? [String: Any])?["counted"] as? Int) ?? 0 }
        }
        #expect(counted == [[2, 2], [1, 1]], "\(listed.stdout)")
        #expect(assessments.map { ($0["attempts"] as? [Any])?.count ?? 0 } == [4, 2], "\(listed.stdout)")

        // Every name the runs printed opens the same recording on the server, from the other station too.
        for (room, other, run) in [(roomB, roomA, before), (roomA, roomB, midRun)] {
            let sessions = Self.names("s", in: run.stdout)
            let assessment = try #require(Self.names("a", in: run.stdout).first, "\(run.stdout)")
            #expect(sessions.count == (room.home == roomB.home ? 2 : 4), "\(run.stdout)")
            for name in sessions {
                let here = try Self.exported(room, name, history: "sqlite:" + room.historyPath, extra: [:])
                let there = try Self.exported(other, name, history: url, extra: ["PGPASSWORD": password])
                #expect((here["uid"] as? String)?.hasPrefix(name.dropFirst(2)) == true, "\(name): \(here["uid"] ?? "none")")
                #expect(there["uid"] as? String == here["uid"] as? String, "\(name)")
                #expect(there["trace"] as? NSObject == here["trace"] as? NSObject, "\(name)")
            }
            let shown = try other.run(["show", assessment], extra: online)
            #expect(shown.status == 0, "\(assessment): \(shown.stderr)")
            #expect(shown.stdout.contains("P1"), "\(shown.stdout)")
            // Its FHIR ids and identifiers too: the same from the server, at the other station, as from the station before the sync.
            let fhir = try Self.fhirNames(other, assessment, history: url, extra: ["PGPASSWORD": password])
            #expect(fhir == stationFHIR[assessment] && fhir.count >= 6, "\(assessment): \(fhir) \(stationFHIR[assessment] ?? [])")
            let attempts = assessments.first { ($0["name"] as? String) == assessment }?["attempts"] as? [[String: Any]]
            #expect(Set(attempts?.compactMap { $0["name"] as? String } ?? []) == Set(sessions), "\(assessment)")
        }
    }

    /// The stable names `s-…` or `a-…` a run printed, in order, each once.
    private static func names(_ kind: String, in text: String) -> [String] {
        var found: [String] = []
        for word in text.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "-" }) where word.hasPrefix(kind + "-") {
            if word.count == 12, !found.contains(String(word)) { found.append(String(word)) }
        }
        return found
    }

    /// The one session `export NAME` writes from `history`.
    private static func exported(
        _ room: BuiltBinary,
        _ name: String,
        history: String,
        extra: [String: String]
    ) throws -> [String: Any] {
        let result = try room.run(["export", name, "--history", history], extra: extra)
        #expect(result.status == 0, "\(name) from \(history): \(result.stderr)")
        let document = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        return (document?["sessions"] as? [[String: Any]])?.first ?? [:]
    }

    /// Every fullUrl, id and identifier of the FHIR Bundle `export NAME --format fhir` writes from `history`.
    private static func fhirNames(
        _ room: BuiltBinary,
        _ name: String,
        history: String,
        extra: [String: String]
    ) throws -> [String] {
        let path = room.home + "/\(name)-\(UUID().uuidString).fhir.json"
        let result = try room.run(["export", name, "--format", "fhir", "-o", path, "--history", history], extra: extra)
        #expect(result.status == 0, "\(name) from \(history): \(result.stderr)")
        let bundle = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
        return (bundle?["entry"] as? [[String: Any]] ?? []).flatMap { entry -> [String] in
            let resource = entry["resource"] as? [String: Any] ?? [:]
            let identifiers = (resource["identifier"] as? [[String: Any]] ?? []).map { "\($0["system"] ?? "")|\($0["value"] ?? "")" }
            return [entry["fullUrl"] as? String ?? "", resource["id"] as? String ?? ""] + identifiers
        }
    }

    private static func guided(trials: Int) -> [String] {
        ["record", "--simulate", "--protocol", "standard", "--trials", "\(trials)", "--rest", "0", "--subject", "P1"]
            + person(trials: trials)
    }

    /// Exit 0, the assessment filed with its norm, EWGSOP2 and consistency lines, and "pending" said.
    private static func expectEndedWell(_ run: BuiltBinary.Result, _ context: String) {
        #expect(run.status == 0, "\(context): \(run.stderr)")
        #expect(run.stderr.contains("pending"), "\(context): \(run.stderr)")
        for expected in ["saved assessment ", "\nnorm: 3", "for women aged", "\nEWGSOP2", "trial consistency"] {
            #expect(run.stdout.contains(expected), "\(context): \(expected) not in \(run.stdout)")
        }
    }
}
