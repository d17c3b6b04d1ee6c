import Foundation
import Glibc
import GripFitCore
import GripFitRecords
import GripFitStore
import PostgresTestSupport
import Testing

/// Issue 38's server faults through the real binary, each test against a cluster of its own: the
/// server dying in the middle of `history sync` and `history copy` (item 1), and a server that stops
/// answering during `record`'s save (item 2).
@Suite(.waitsOnProcesses, .timeLimit(.minutes(15)), .enabled(if: TestPostgres.isUsable, Comment(rawValue: TestPostgres.skipReason)))
struct SharedHistoryFaultTests {
    /// Where in the batch the server dies: at the n-th session's INSERT (from 1, counted across
    /// batches), or in the COMMIT of the batch (a deferred trigger, run by the commit itself).
    enum Point: CustomStringConvertible {
        case insert(Int)
        case commit

        var description: String {
            switch self {
            case .insert(let number): "at session \(number)'s INSERT"
            case .commit: "in the COMMIT"
            }
        }
    }

    struct Fault: CustomStringConvertible {
        var death: ServerDeath
        var point: Point
        var sessions = 30

        var description: String { "\(death) \(point) of \(sessions) sessions" }
    }

    /// `history sync`: each run ends within 30 s with 0 or 69, and a second sync leaves every
    /// session on the server once and none pending (a batch of 500 is committed before the death
    /// at session 510, so that run leaves the server half-filled).
    @Test func aServerDyingMidSyncEndsTheCommandAndARerunCompletesIt() throws {
        try Self.run(
            "sync",
            faults: [
                Fault(death: .killed, point: .insert(1)), Fault(death: .stoppedImmediately, point: .insert(15)),
                Fault(death: .killed, point: .commit), Fault(death: .stoppedImmediately, point: .commit),
                Fault(death: .killed, point: .insert(510), sessions: 520),
            ]
        )
    }

    /// `history copy --to`: the same, five runs.
    @Test func aServerDyingMidCopyEndsTheCommandAndARerunCompletesIt() throws {
        try Self.run(
            "copy",
            faults: [
                Fault(death: .stoppedImmediately, point: .insert(1)), Fault(death: .killed, point: .insert(15)),
                Fault(death: .stoppedImmediately, point: .commit), Fault(death: .killed, point: .commit),
                Fault(death: .killed, point: .insert(22)),
            ]
        )
    }

    /// The server's processes stopped (SIGSTOP) while `record` records: its save gets no answer,
    /// gives the server up after the statement deadline (10 s, README's bound), and keeps the
    /// session on the station, pending, exit 0.
    @Test func aServerThatStopsAnsweringLeavesTheRecordingPendingOnTheStation() throws {
        let server = try #require(try TestPostgres.dedicated())
        defer { server.signalAll(SIGCONT) }
        let (url, password) = try server.freshDatabase()
        let cli = BuiltBinary()
        let (process, out, err) = try cli.start(
            ["record", "--simulate", "--duration", "3", "--history", url],
            extra: ["PGPASSWORD": password]
        )
        cli.watchdog(process, seconds: 60)
        let started = PipeReader.text(of: err, until: "no calibration for this device", before: .now + .seconds(60))
        server.signalAll(SIGSTOP)
        var recorded = cli.finish(process, out, err)
        recorded.stderr = started + recorded.stderr
        #expect(recorded.status == 0, "\(recorded.stderr)")
        #expect(recorded.stdout.hasPrefix("saved session"), "\(recorded.stdout)")
        #expect(recorded.stderr.contains("did not answer within 10 s"), "\(recorded.stderr)")
        #expect(recorded.stderr.contains("it is pending"), "\(recorded.stderr)")
        #expect(try SQLiteHistory(path: cli.historyPath).pendingCount() == 1)
    }

    /// Ctrl-C while the save waits on a stopped server ends the wait: the recording is on the
    /// station, pending (or, failing that, in a rescue file), never gone.
    @Test func ctrlCDuringASaveTheServerDoesNotAnswerKeepsTheRecording() throws {
        let server = try #require(try TestPostgres.dedicated())
        defer { server.signalAll(SIGCONT) }
        let (direct, password) = try server.freshDatabase()
        // Through a relay that counts what the station sends: the save has begun once it speaks
        // after the server stopped.
        let relay = try TCPRelay(to: server.port)
        let url = direct.replacingOccurrences(of: "127.0.0.1:\(server.port)/", with: "127.0.0.1:\(relay.port)/")
        let cli = BuiltBinary()
        let (process, out, err) = try cli.start(
            ["record", "--simulate", "--duration", "2", "--history", url],
            extra: ["PGPASSWORD": password]
        )
        cli.watchdog(process, seconds: 60)
        let started = PipeReader.text(of: err, until: "no calibration for this device", before: .now + .seconds(60))
        server.signalAll(SIGSTOP)
        let before = relay.sent
        #expect(relay.awaitClientBytes(beyond: before, before: Date().addingTimeInterval(30)), "the save never reached the server")
        kill(process.processIdentifier, SIGINT)
        let recorded = cli.finish(process, out, err)
        let rescue = "gripfit-rescue-"
        let rescued = [(cli.historyPath as NSString).deletingLastPathComponent, FileManager.default.currentDirectoryPath, "/tmp"]
            .flatMap { directory in
                ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
                    .filter { $0.hasPrefix(rescue) && $0.hasSuffix("-\(process.processIdentifier).json") }
            }
        let pending = (try? SQLiteHistory(path: cli.historyPath).pendingCount()) ?? 0
        #expect(pending == 1 || !rescued.isEmpty, "exit \(recorded.status): \(started)\(recorded.stderr)")
        #expect(recorded.status == 0 || !rescued.isEmpty, "\(started)\(recorded.stderr)")
        // The signal ended the wait, not the statement's deadline.
        #expect(recorded.stderr.contains("interrupted while waiting for the server"), "\(recorded.stderr)")
    }

    private static func run(_ command: String, faults: [Fault]) throws {
        let server = try #require(try TestPostgres.dedicated())
        for fault in faults {
            let (url, password) = try server.freshDatabase()
            let database = String(url.split(separator: "/").last ?? "")
            let extra = ["PGPASSWORD": password]
            // The schema first (from a station with nothing pending), so the trigger has its table.
            #expect(try BuiltBinary().run(["history", "--history", url], extra: extra).status == 0)
            let cli = BuiltBinary()
            try seed(cli, sessions: fault.sessions, pending: command == "sync")
            _ = try server.psql(trigger(fault, server: server), database: database)
            let arguments = command == "sync" ? ["history", "sync", "--history", url] : ["history", "copy", "--to", url]

            let (process, out, err) = try cli.start(arguments, extra: extra)
            cli.watchdog(process, seconds: 30)
            let faulted = cli.finish(process, out, err)
            #expect([0, 69].contains(faulted.status), "\(fault): exit \(faulted.status), \(faulted.stderr)")
            if faulted.status == 69 { #expect(faulted.stderr.contains("cannot be reached"), "\(fault): \(faulted.stderr)") }

            #expect(try server.awaitGone(before: .now + .seconds(30)), "\(fault): the server did not die")
            try server.start()
            _ = try server.psql("DROP TRIGGER gripfit_fault ON session", database: database)
            let rerun = try cli.run(arguments, extra: extra)
            #expect(rerun.status == 0, "\(fault): rerun exit \(rerun.status), \(rerun.stderr)")
            let counts = try server.psql(
                "SELECT count(*) || ' ' || count(DISTINCT (device, started_at_ms)) || ' ' || (SELECT count(*) FROM trace) FROM session",
                database: database
            )
            let once = "\(fault.sessions) \(fault.sessions) \(fault.sessions)"
            #expect(counts.trimmingCharacters(in: .whitespacesAndNewlines) == once, "\(fault): sessions, distinct, traces")
            if command == "sync" {
                #expect(try SQLiteHistory(path: cli.historyPath).pendingCount() == 0, "\(fault)")
            }
        }
    }

    /// The station's own history: `count` short sessions, pending (as if recorded while the server was away) for a sync.
    private static func seed(_ cli: BuiltBinary, sessions count: Int, pending: Bool) throws {
        let history = try SQLiteHistory(path: cli.historyPath)
        for index in 0..<count {
            let session = StoredSession.analysed(
                device: "ble:C0:FF:EE:00:00:01",
                startedAtMilliseconds: 1_795_000_000_000 + Int64(index) * 60_000,
                firmware: "1.0",
                label: "fault \(index)",
                hand: nil,
                calibration: nil,
                trace: RawTrace(samples: (0..<8).map { RawSample(micros: Int64($0) * 12_500, raw: 1_000 + Int32($0 * index % 97)) })
            )
            if pending {
                _ = try history.savePending(session, sameStart: .nextFreeMillisecond)
            } else {
                _ = try history.save(session, sameStart: .nextFreeMillisecond)
            }
        }
    }

    /// A trigger on `session` that ends the cluster at `fault`'s point, from inside that statement.
    private static func trigger(_ fault: Fault, server: TestPostgres) -> String {
        let number: Int
        let kind: String
        switch fault.point {
        case .insert(let at):
            number = at
            kind = "TRIGGER gripfit_fault AFTER INSERT ON session"
        case .commit:
            number = fault.sessions
            kind = "CONSTRAINT TRIGGER gripfit_fault AFTER INSERT ON session DEFERRABLE INITIALLY DEFERRED"
        }
        return """
            CREATE SEQUENCE gripfit_fault_count;
            CREATE FUNCTION gripfit_fault() RETURNS trigger LANGUAGE plpgsql AS $f$
            BEGIN
                IF nextval('gripfit_fault_count') = \(number) THEN
                    EXECUTE format('COPY (SELECT 1) TO PROGRAM %L', $c$\(server.killCommand(fault.death))$c$);
                END IF;
                RETURN NULL;
            END $f$;
            CREATE \(kind) FOR EACH ROW EXECUTE FUNCTION gripfit_fault();
            """
    }
}
