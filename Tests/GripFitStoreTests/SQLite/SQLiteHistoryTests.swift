import Foundation
import GRDB
import GripFitCore
import GripFitRecords
import StoreTestSupport
import Testing

@testable import GripFitStore

/// What only the SQLite backend has: the file, its columns, the probe, an injected failure; the contract
/// itself is ``SessionHistoryTests``.
struct SQLiteHistoryTests {
    private let directory = Fixtures.temporaryDirectory()
    private var path: String { directory + "/data/gripfit/history.sqlite" }

    /// The probe leaves nothing behind; a file system without the room asked for is refused.
    /// (A read-only or full one is the binary's test: RecordCommandTests mounts one.)
    @Test func checkCanSaveProbesAndLeavesNothing() throws {
        let store = try SQLiteHistory(path: path)
        try store.checkCanSave()
        let tables = try DatabaseQueue(path: path).read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE name LIKE 'gripfit%'")
        }
        #expect(tables.isEmpty)
        #expect(throws: StoreError.self) { try store.checkCanSave(bytes: Int.max) }
    }

    @Test func aFailedSaveLeavesNothing() throws {
        let failing = try SQLiteHistory(path: path, failAfterReps: 2)
        #expect(throws: StoreError.self) { try failing.save(Fixtures.session(), sameStart: .skip) }
        let store = try SQLiteHistory(path: path)
        #expect(try store.list().rows.isEmpty)
        let counts = try Self.count(path, "rep") + Self.count(path, "trace")
        #expect(counts == 0)
        guard case .inserted = try store.save(Fixtures.session(), sameStart: .skip) else {
            Issue.record("retry failed")
            return
        }
    }

    /// A figure added to ``SummaryField`` needs its column: a migration forgotten fails here.
    @Test func everySummaryFieldHasItsColumn() throws {
        let store = try SQLiteHistory(path: path)
        _ = try store.list()
        let columns = try DatabaseQueue(path: path).read { db in try db.columns(in: "session").map(\.name) }
        #expect(Set(SummaryField.all.map(\.key)).isSubset(of: Set(columns)))
        #expect(Set(SessionRecord.Columns.allCases.map(\.rawValue)).isSubset(of: Set(columns)))
    }

    @Test func anUnwritableDirectoryIsReported() {
        #expect(throws: StoreError.self) { try SQLiteHistory(path: "/proc/gripfit/history.sqlite") }
    }

    private static func count(_ path: String, _ table: String) throws -> Int {
        try DatabaseQueue(path: path).read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table)") ?? -1 }
    }
}

/// A history written before the bridge version was stored opens, migrates and keeps its sessions.
struct SQLiteHistoryMigrationTests {
    private let directory = Fixtures.temporaryDirectory()

    @Test func aVersionOneHistoryGainsTheBridgeColumn() throws {
        let path = directory + "/history.sqlite"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let queue = try DatabaseQueue(path: path)
        try SQLiteHistory.migrator.migrate(queue, upTo: "v1: sessions, reps, traces")
        try queue.close()

        let store = try SQLiteHistory(path: path)
        var session = Fixtures.session()
        session.bridgeVersion = "1.2.0"
        guard case .inserted(let id) = try store.save(session, sameStart: .skip) else {
            Issue.record("not inserted")
            return
        }
        #expect(try store.session(id: id).bridgeVersion == "1.2.0")
        #expect(try store.list().rows.first?.bridgeVersion == "1.2.0")
    }

    /// `record` once stored device text escaped for the terminal; v3 stores it as sent.
    @Test func migrationUnescapesDeviceTextStoredEscaped() throws {
        let path = directory + "/history.sqlite"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let queue = try DatabaseQueue(path: path)
        try SQLiteHistory.migrator.migrate(queue, upTo: "v2: bridge version")
        try queue.close()
        let store = try SQLiteHistory(path: path)
        var session = Fixtures.session()
        session.firmware = #"1.0\x1B[2J C:\\fw \u{202e}"#
        session.bridgeVersion = #"0.9\q"#
        session.label = #"a\x1B"#
        guard case .inserted(let id) = try store.save(session, sameStart: .skip) else {
            Issue.record("not inserted")
            return
        }
        let reopened = try DatabaseQueue(path: path)
        try reopened.write { db in try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier LIKE 'v3%'") }
        try reopened.close()

        let migrated = try SQLiteHistory(path: path).session(id: id)
        #expect(migrated.firmware == "1.0\u{1B}[2J C:\\fw \u{202e}")
        #expect(migrated.bridgeVersion == #"0.9\q"#)
        #expect(migrated.label == #"a\x1B"#)
    }
}
