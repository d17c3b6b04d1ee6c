import Foundation
import Glibc
import GripFitStore
import PostgresTestSupport
import Testing

/// Issue 33's guided run at two stations sharing one PostgreSQL server that goes away, through the
/// real binary: stopped before a run, and stopped mid-run. Each run exits 0 with its clinical lines
/// and says its attempts are pending; after `history sync` the server holds each assessment whole.
@Suite(.timeLimit(.minutes(15)), .enabled(if: TestPostgres.isUsable, Comment(rawValue: TestPostgres.skipReason)))
struct SharedGuidedRunTests {
    /// Right 30 then left 25 kg; a second trial adds right 32 and left 24 (each load well after its cue).
    private static let loads = ["0kg@0", "30kg@3", "0kg@5", "25kg@9", "0kg@11", "32kg@15", "0kg@17", "24kg@21", "0kg@23"]

    @Test func aGuidedRunWithTheServerAwayEndsWithItsClinicalLinesAndSyncsWhole() throws {
        let server = try #require(try TestPostgres.dedicated())
        defer { try? server.stop() }
        let (url, password) = try server.freshDatabase()
        let online = ["PGPASSWORD": password, "GRIPFIT_HISTORY": url]
        let roomA = BuiltBinary()
        let roomB = BuiltBinary()
        for room in [roomA, roomB] { try room.calibrateLikeTheSimulator() }
        let added = try roomA.run(
            ["subject", "add", "P1", "--sex", "female", "--birth-year", "1950", "--dominant", "right"], extra: online)
        #expect(added.status == 0, "\(added.stderr)")
        // Station B only lists the history while the server is up: that contact keeps P1's facts there.
        #expect(try roomB.run(["history"], extra: online).status == 0)

        try server.stop()
        let before = try roomB.run(Self.guided(trials: 1), extra: online)
        Self.expectEndedWell(before, "server stopped before the run")

        try server.start()
        let (process, out, err) = try roomA.start(Self.guided(trials: 2), extra: online)
        roomA.watchdog(process, seconds: 120)
        let early = Self.await(out, saying: "saved session", before: .now + .seconds(60))
        try server.stop()
        var midRun = roomA.finish(process, out, err)
        midRun.stdout = early + midRun.stdout
        Self.expectEndedWell(midRun, "server stopped mid-run")
        #expect(early.contains("saved session"), "\(early)")

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
    }

    private static func guided(trials: Int) -> [String] {
        ["record", "--simulate", "--protocol", "standard", "--trials", "\(trials)", "--rest", "0", "--subject", "P1"]
            + loads.prefix(trials == 1 ? 5 : 9).flatMap { ["--load", $0] }
    }

    /// Exit 0, the assessment filed with its norm, EWGSOP2 and consistency lines, and "pending" said.
    private static func expectEndedWell(_ run: BuiltBinary.Result, _ context: String) {
        #expect(run.status == 0, "\(context): \(run.stderr)")
        #expect(run.stderr.contains("pending"), "\(context): \(run.stderr)")
        for expected in ["saved assessment ", "\nnorm: 3", "for women aged", "\nEWGSOP2", "trial consistency"] {
            #expect(run.stdout.contains(expected), "\(context): \(expected) not in \(run.stdout)")
        }
    }

    /// What `pipe` (a running child's stdout) says until it holds `text`, or until `deadline`.
    private static func await(_ pipe: Pipe, saying text: String, before deadline: ContinuousClock.Instant) -> String {
        let fd = pipe.fileHandleForReading.fileDescriptor
        var said: [UInt8] = []
        while !String(decoding: said, as: UTF8.self).contains(text) {
            let left = deadline - .now
            guard left > .zero else { break }
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, Int32(left.components.seconds * 1000 + 1)) > 0 else { break }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = read(fd, &chunk, chunk.count)
            guard count > 0 else { break }
            said += chunk.prefix(count)
        }
        return String(decoding: said, as: UTF8.self)
    }
}
