import Foundation
import GRDB
import GripFitCore
@testable import GripFitStore
import Testing

struct SQLiteHistoryTests {
    private let directory = Fixtures.temporaryDirectory()
    private var path: String { directory + "/data/gripfit/history.sqlite" }

    @Test func savesAndReadsBackAWholeSession() throws {
        let store = try SQLiteHistory(path: path)
        let session = Fixtures.session()
        #expect(session.summary.reps.count == 3)
        guard case .inserted(let id) = try store.save(session, sameStart: .skip) else { Issue.record("not inserted"); return }
        var expected = session
        expected.id = id
        #expect(try store.session(id: id) == expected)
        let rows = try store.list().rows
        #expect(rows.count == 1)
        #expect(rows.first?.repCount == 3)
        #expect(rows.first?.calibrated == true)
        #expect(abs((rows.first?.peak ?? 0) - 40) < 1e-9)
    }

    @Test func theUniqueConstraintSkipsARepeat() throws {
        let store = try SQLiteHistory(path: path)
        guard case .inserted(let id) = try store.save(Fixtures.session(), sameStart: .skip) else { Issue.record("not inserted"); return }
        #expect(try store.save(Fixtures.session(label: "changed"), sameStart: .skip) == .duplicate(existingID: id))
        #expect(try store.list().rows.count == 1)
        guard case .inserted = try store.save(Fixtures.session(start: 1_795_000_000_001), sameStart: .skip) else {
            Issue.record("a different start is a different session")
            return
        }
    }

    /// Parallel simulators share one address: a new recording starting in the same millisecond as
    /// a stored one is a session of its own, filed a millisecond later, not skipped as a repeat.
    @Test func aNewRecordingWithTheSameStartIsKept() throws {
        let store = try SQLiteHistory(path: path)
        guard case .inserted(let first) = try store.save(Fixtures.session(label: "a"), sameStart: .nextFreeMillisecond),
            case .inserted(let second) = try store.save(Fixtures.session(label: "b"), sameStart: .nextFreeMillisecond),
            case .inserted(let third) = try store.save(Fixtures.session(label: "c"), sameStart: .nextFreeMillisecond)
        else {
            Issue.record("a new recording was skipped")
            return
        }
        let stored = try [first, second, third].map { try store.session(id: $0) }
        #expect(stored.map(\.label) == ["a", "b", "c"])
        let start = Fixtures.session().startedAtMilliseconds
        #expect(stored.map(\.startedAtMilliseconds) == [start, start + 1, start + 2])
        // An import of the first one again is still a repeat.
        #expect(try store.save(Fixtures.session(label: "a"), sameStart: .skip) == .duplicate(existingID: first))
    }

    /// A rescue file from a parallel run holds a session under a key another session already has:
    /// import keeps it a millisecond later, and importing it again finds it there and skips it.
    @Test func anImportedSessionUnderAnotherSessionsKeyIsKeptOnce() throws {
        let store = try SQLiteHistory(path: path)
        guard case .inserted(let first) = try store.save(Fixtures.session(label: "a"), sameStart: .skip) else {
            Issue.record("not inserted")
            return
        }
        var other = Fixtures.session(label: "rescued")
        other.trace.samples[0].raw += 1
        guard case .inserted(let second) = try store.save(other, sameStart: .skip) else {
            Issue.record("a different session under the same key was skipped")
            return
        }
        #expect(try store.session(id: second).startedAtMilliseconds == other.startedAtMilliseconds + 1)
        #expect(try store.save(other, sameStart: .skip) == .duplicate(existingID: second))
        #expect(try store.save(Fixtures.session(label: "a"), sameStart: .skip) == .duplicate(existingID: first))
        #expect(try store.list().rows.count == 2)
    }

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
        guard case .inserted = try store.save(Fixtures.session(), sameStart: .skip) else { Issue.record("retry failed"); return }
    }

    @Test func filtersByDeviceAndTime() throws {
        let store = try SQLiteHistory(path: path)
        try store.save(Fixtures.session(start: 1_000), sameStart: .skip)
        try store.save(Fixtures.session(start: 2_000), sameStart: .skip)
        #expect(try store.list(sinceMilliseconds: 1_500).rows.map(\.startedAtMilliseconds) == [2_000])
        #expect(try store.list(device: "usb:other").rows.isEmpty)
        #expect(try store.list(device: "ble:C0:FF:EE:00:00:01").rows.map(\.startedAtMilliseconds) == [2_000, 1_000])
    }

    @Test func readsSessionsInBatchesByID() throws {
        let store = try SQLiteHistory(path: path)
        for start in [3_000, 1_000, 2_000] as [Int64] { try store.save(Fixtures.session(start: start), sameStart: .skip) }
        let first = try store.sessions(afterID: 0, limit: 2)
        #expect(first.map(\.startedAtMilliseconds) == [3_000, 1_000])
        let rest = try store.sessions(afterID: first.last?.id ?? 0, limit: 2)
        #expect(rest.map(\.startedAtMilliseconds) == [2_000])
        #expect(rest.first?.trace == Fixtures.session().trace)
        #expect(try store.sessions(afterID: rest.last?.id ?? 0, limit: 2).isEmpty)
        #expect(try store.sessions(afterID: 0, limit: -1).isEmpty)
    }

    @Test func reopensWithoutMigratingAgain() throws {
        try SQLiteHistory(path: path).save(Fixtures.session(), sameStart: .skip)
        #expect(try SQLiteHistory(path: path).list().rows.count == 1)
    }

    @Test func aMissingSessionSaysHowToFindOne() throws {
        let store = try SQLiteHistory(path: path)
        #expect(throws: StoreError.notFound(id: 42)) { try store.session(id: 42) }
        #expect(StoreError.notFound(id: 42).description.contains("gripfit-serial history"))
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
        guard case .inserted(let id) = try store.save(session, sameStart: .skip) else { Issue.record("not inserted"); return }
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
        guard case .inserted(let id) = try store.save(session, sameStart: .skip) else { Issue.record("not inserted"); return }
        let reopened = try DatabaseQueue(path: path)
        try reopened.write { db in try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier LIKE 'v3%'") }
        try reopened.close()

        let migrated = try SQLiteHistory(path: path).session(id: id)
        #expect(migrated.firmware == "1.0\u{1B}[2J C:\\fw \u{202e}")
        #expect(migrated.bridgeVersion == #"0.9\q"#)
        #expect(migrated.label == #"a\x1B"#)
    }
}
