import Foundation
import GRDB
import GripFitClinical
import GripFitCore
import GripFitExchange
import GripFitRecords
import StoreTestSupport
import Testing

@testable import GripFitStore

/// Issue 23 on SQLite: the station a session was recorded at, ``SessionFilter`` and its count,
/// WAL mode with private `-wal`/`-shm` files, writers in parallel, streamed export and batched import.
struct SQLiteHistoryScaleTests {
    private let directory = Fixtures.temporaryDirectory()
    private var path: String { directory + "/data/gripfit/history.sqlite" }

    /// Starts 1 000 to 5 000 ms, the even ones at station "room-a", the odd ones at "room-b", the last from before stations.
    private func history() throws -> SQLiteHistory {
        let store = try SQLiteHistory(path: path)
        for (index, start) in [1_000, 2_000, 3_000, 4_000, 5_000].enumerated() {
            var session = Fixtures.session(start: Int64(start))
            session.station = index == 4 ? nil : index.isMultiple(of: 2) ? "room-a" : "room-b"
            try store.save(session, sameStart: .skip)
        }
        return store
    }

    @Test func theStationIsStoredListedAndPaged() throws {
        let store = try history()
        #expect(try store.list().rows.map(\.station) == [nil, "room-b", "room-a", "room-b", "room-a"])
        let id = try #require(try store.list(SessionFilter(station: "room-b")).rows.first?.id)
        #expect(try store.session(id: id).station == "room-b")
        #expect(try store.page(SessionQuery(station: "room-a")).listing.rows.map(\.startedAtMilliseconds) == [3_000, 1_000])
    }

    @Test func theFilterNarrowsCountsAndLimits() throws {
        let store = try history()
        // `until` is exclusive, `since` inclusive.
        let range = SessionFilter(since: 2_000, until: 4_000)
        #expect(try store.list(range).rows.map(\.startedAtMilliseconds) == [3_000, 2_000])
        #expect(try store.list(SessionFilter(limit: 2)).rows.map(\.startedAtMilliseconds) == [5_000, 4_000])
        #expect(try store.count(SessionFilter(limit: 2)) == 5)
        #expect(try store.count(SessionFilter(station: "room-a", since: 2_000)) == 1)
        #expect(try store.count(SessionFilter(device: "usb:none")) == 0)
        #expect(throws: StoreError.unknownSubject("X")) { try store.count(SessionFilter(subject: "X")) }
    }

    /// The (device, start) key holds across stations: the same session from two stations is one.
    @Test func oneSessionFromTwoStationsIsStoredOnce() throws {
        let store = try SQLiteHistory(path: path)
        var session = Fixtures.session()
        session.station = "room-a"
        try store.save(session, sameStart: .skip)
        session.station = "room-b"
        #expect(try store.save(session, sameStart: .skip) == .duplicate(existingID: 1))
        #expect(try store.count(SessionFilter()) == 1)
    }

    @Test func theStationTravelsInBothExportFormats() throws {
        var session = Fixtures.session()
        session.station = "room-a"
        for format in SessionFormat.allCases {
            #expect(try SessionExchange.parse(try SessionExchange.export([session], as: format)).map(\.station) == ["room-a"])
        }
        // An export from before stations imports without one.
        session.station = nil
        #expect(try SessionExchange.parse(try SessionExchange.export([session], as: .json)).map(\.station) == [nil])
    }

    @Test func theHistoryIsInWALModeWithPrivateFiles() throws {
        let store = try history()
        let mode = try store.queue.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
        #expect(mode == "wal")
        for file in [path, path + "-wal", path + "-shm"] {
            let attributes = try FileManager.default.attributesOfItem(atPath: file)
            #expect((attributes[.posixPermissions] as? Int) == 0o600, "\(file)")
        }
    }

    /// Four writers, each with its own connection, as four processes on one station: none fails "locked".
    @Test func fourWritersAtOnceAllSave() async throws {
        _ = try SQLiteHistory(path: path)
        let path = path
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<4 {
                group.addTask {
                    let store = try SQLiteHistory(path: path)
                    for index in 0..<25 {
                        var session = Fixtures.session(start: 1_795_000_000_000 + Int64(writer * 1_000_000 + index * 20_000))
                        session.station = "station-\(writer)"
                        try store.save(session, sameStart: .skip)
                    }
                }
            }
            try await group.waitForAll()
        }
        let store = try SQLiteHistory(path: path)
        #expect(try store.count(SessionFilter()) == 100)
        #expect(try store.count(SessionFilter(station: "station-3")) == 25)
    }

    /// More than a batch, from a file whose subjects and assessments come after the sessions (an
    /// export from before streaming): every session filed once, again nothing.
    @Test func aLargeOldOrderFileImportsInBatches() throws {
        let count = JSONImport.batchSize + 20
        var sessions: [StoredSession] = []
        for index in 0..<count {
            var session = Fixtures.session(start: 1_795_000_000_000 + Int64(index) * 20_000)
            session.tags.subject = "P017"
            sessions.append(session)
        }
        let streamed = try SessionExchange.export(
            sessions,
            subjects: [try SessionHistorySubjectsTests.subject()],
            assessments: [],
            as: .json
        )
        #expect(streamed.hasPrefix(#"{"format":"gripfit-sessions","subjects":[{"#))
        // The old key order: the sessions first, then the subjects.
        let key = try #require(streamed.range(of: #","sessions":"#))
        let old = #"{"sessions":"# + streamed[key.upperBound...].dropLast(2) + "," + streamed[..<key.lowerBound].dropFirst() + "}\n"
        #expect(old.contains(#"}],"format":"gripfit-sessions","subjects":[{"#))
        let bytes = Array(old.utf8)
        let pass: JSONImport.Pass = { body in
            for start in stride(from: 0, to: bytes.count, by: 4_096) { try body(bytes[start..<min(start + 4_096, bytes.count)]) }
        }
        let store = try SQLiteHistory(path: path)
        var batches: [Int] = []
        let outcome = try JSONImport.run(pass, file: { try store.importContents($0) }, progress: { done, _ in batches.append(done) })
        #expect(outcome == ImportOutcome(added: count, skipped: 0))
        #expect(batches == [JSONImport.batchSize, count])
        #expect(try store.count(SessionFilter(subject: "P017")) == count)
        #expect(try JSONImport.run(pass, file: { try store.importContents($0) }) == ImportOutcome(added: 0, skipped: count))
    }
}
