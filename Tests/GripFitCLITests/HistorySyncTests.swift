import Foundation
import GripFitCore
import GripFitRecords
import GripFitStore
import ScratchSupport
import Testing

@testable import GripFitCLI

/// A station whose server is away: the recording saved here and pending, reading refused naming
/// this station's file, `history sync` pushing once. The server is a SQLite file behind the
/// opener, so no PostgreSQL cluster is needed.
@Suite(.waitsOnProcesses, .timeLimit(.minutes(15)))
struct HistorySyncTests {
    private let directory = Scratch.directory("gripfit-sync-tests")
    private let url = "postgresql://gripfit@server.test/gripfit"
    /// This station's files in the scratch directory: its own history is the one the recording falls back to.
    private var station: Station {
        let paths = XDGPaths(environment: ["XDG_DATA_HOME": directory + "/station", "XDG_CONFIG_HOME": directory + "/config"])
        return Station(paths: paths, environment: [:])
    }
    private var localPath: String { station.paths.databasePath }
    private var serverPath: String { directory + "/server/history.sqlite" }

    private func unreachable(_ url: String) throws(StoreError) -> any SessionHistory {
        throw .unreachable(location: url, reason: "connection refused")
    }

    private func server(_ url: String) throws(StoreError) -> any SessionHistory {
        try SQLiteHistory(path: serverPath)
    }

    private func session(_ start: Int64) -> StoredSession {
        StoredSession.analysed(
            device: "ble:C0:FF:EE:00:00:01",
            startedAtMilliseconds: start,
            firmware: "1.0",
            label: "away",
            hand: nil,
            calibration: nil,
            trace: RawTrace(samples: (0..<20).map { RawSample(micros: Int64($0) * 12_500, raw: 1_000 + Int32($0)) })
        )
    }

    @Test func recordedAwayThenPushedExactlyOnce() throws {
        let away = try station.open(.postgresql(url: url), openServer: unreachable)
        try away.checkIntegrity()
        try away.checkCanSave()
        let id = try station.save(session(1_795_000_000_000)) { away }
        _ = try station.save(session(1_795_000_060_000)) { away }
        #expect(id == 1)
        let local = try SQLiteHistory(path: localPath)
        #expect(try local.pendingCount() == 2)

        let read = Result { try away.list() }
        guard case .failure(let error) = read, let failure = CLIFailure(error) else {
            Issue.record("reading while the server is away must fail")
            return
        }
        #expect(failure.status == .unavailable)
        #expect(failure.message.contains("--history sqlite:\(localPath)"))

        let pushed = try HistorySync.push(from: local, to: .postgresql(url: url), openServer: server)
        #expect(pushed == "pushed 2 sessions (0 already on the server); 0 pending")
        #expect(
            try HistorySync.push(from: local, to: .postgresql(url: url), openServer: server)
                == "pushed 0 sessions (0 already on the server); 0 pending"
        )
        #expect(try SQLiteHistory(path: serverPath).session(id: 1).trace == local.session(id: 1).trace)
        #expect(throws: StoreError.unreachable(location: url, reason: "connection refused")) {
            try HistorySync.push(from: local, to: .postgresql(url: url), openServer: unreachable)
        }
    }

    /// The command, in-process: pending sessions pushed to another file named with `--history`, and
    /// a sync with no server named refused (through the binary: SharedHistoryTests).
    @Test func theCommandPushesToTheHistoryNamed() throws {
        let cli = BuiltBinary()
        let local = try SQLiteHistory(path: cli.historyPath)
        _ = try local.save(session(1_795_000_000_000), sameStart: .nextFreeMillisecond)
        _ = try local.savePending(session(1_795_000_060_000), sameStart: .nextFreeMillisecond)
        let destination = directory + "/shared.sqlite"
        let first = cli.runInProcess("history", "sync", "--history", "sqlite:" + destination)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == "pushed 1 session (0 already on the server); 0 pending\n")
        let second = cli.runInProcess("history", "sync", "--history", "sqlite:" + destination)
        #expect(second.stdout == "pushed 0 sessions (0 already on the server); 0 pending\n")
        #expect(try SQLiteHistory(path: destination).list().rows.map(\.startedAtMilliseconds) == [1_795_000_060_000])
        HostileInputTests.expectClean(cli.runInProcess("history", "sync"), 64, "no server to push to")
    }
}
