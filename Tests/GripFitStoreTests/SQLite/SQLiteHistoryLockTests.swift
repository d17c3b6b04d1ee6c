import Foundation
import Glibc
import GripFitRecords
import StoreTestSupport
import Testing

@testable import GripFitStore

/// Issue 38, item 0: a session reported saved vanished from a history file shared by four stations.
/// SQLite keeps a POSIX read lock on a WAL-mode file while a connection has it open; another
/// process's last close checkpoints and deletes the `-wal` file only when it can take that lock's
/// place. Closing any descriptor of the file drops every POSIX lock its process holds on it, so the
/// history's own open (a migration lock on the file, a permission fix through a descriptor) left
/// the connection without its lock: another station's close deleted the log, and the next commit
/// went into the deleted file. These tests read the kernel's lock table, so they fail the same
/// way every time, not one round in thirty.
struct SQLiteHistoryLockTests {
    private let directory = Fixtures.temporaryDirectory()
    private var path: String { directory + "/data/gripfit/history.sqlite" }

    @Test func anOpenHistoryHoldsSQLiteLockOnItsFile() throws {
        let store = try SQLiteHistory(path: path)
        _ = try store.list()
        #expect(try Self.heldLocks(on: path) > 0, "the history's connection holds no lock on \(path)")
    }

    /// The dashboard and a station's history open one file more than once in one process: each
    /// later open must leave the earlier ones their lock, new file or not.
    @Test func openingTheHistoryAgainLeavesTheFirstItsLock() throws {
        let first = try SQLiteHistory(path: path)
        _ = try first.list()
        for _ in 0..<3 {
            let again = try SQLiteHistory(path: path)
            _ = try again.list()
            let reader = try SQLiteHistory.reading(path: path)
            _ = try reader.list()
        }
        #expect(try Self.heldLocks(on: path) > 0, "a later open dropped the first history's lock on \(path)")
        guard case .inserted = try first.save(Fixtures.session(), sameStart: .skip) else {
            Issue.record("not saved")
            return
        }
        #expect(try SQLiteHistory(path: path).list().rows.count == 1)
    }

    /// POSIX (fcntl) locks this process holds on `path`'s inode, from /proc/locks.
    static func heldLocks(on path: String) throws -> Int {
        var status = stat()
        try #require(stat(path, &status) == 0)
        let table = try String(contentsOfFile: "/proc/locks", encoding: .utf8)
        return table.split(separator: "\n").filter { line in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            // "1: POSIX  ADVISORY  READ 1234 fd:01:5678 1073741826 1073742335"
            guard fields.count >= 6, fields[1] == "POSIX", Int32(fields[4]) == getpid() else { return false }
            return fields[5].split(separator: ":").last.flatMap { UInt64($0) } == UInt64(status.st_ino)
        }.count
    }
}
