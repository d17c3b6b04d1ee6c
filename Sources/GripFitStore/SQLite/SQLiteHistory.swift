import Foundation
import GRDB
import GripFitCore
import GripFitOutput
import GripFitRecords

/// The session history in a SQLite file through GRDB (``SessionHistory``), one transaction per
/// session, migrations from v1.
///
/// A session is its summary row, its reps and its trace blob. They are written in one
/// transaction, so a process killed mid-save leaves all of them or none (SQLite's write-ahead log
/// drops an uncommitted transaction on the next open). The file is in WAL mode, so a dashboard
/// reading it never blocks a `record` writing it; writers queue on a 10 s busy timeout.
public final class SQLiteHistory: SessionHistory {
    public let path: String
    public var location: String { path }
    let queue: DatabaseQueue
    /// Test seam: throws after this many reps are written, to prove a failed save leaves nothing.
    let failAfterReps: Int?

    public convenience init(path: String) throws(StoreError) {
        try self.init(path: path, failAfterReps: nil)
    }

    init(path: String, failAfterReps: Int?) throws(StoreError) {
        self.path = path
        self.failAfterReps = failAfterReps
        try PrivateFiles.makeDirectory((path as NSString).deletingLastPathComponent)
        try PrivateFiles.ensurePrivateFile(path)
        do {
            var configuration = Configuration()
            configuration.foreignKeysEnabled = true
            configuration.busyMode = .timeout(10)
            queue = try DatabaseQueue(path: path, configuration: configuration)
        } catch {
            throw Self.failure(error, path: path)
        }
        try Self.migrate(queue, path: path)
    }

    /// A history opened read-only, as it is (see ``reading(path:)``).
    private init(readOnlyAt path: String) throws(StoreError) {
        self.path = path
        failAfterReps = nil
        do {
            var configuration = Configuration()
            configuration.readonly = true
            configuration.foreignKeysEnabled = true
            configuration.busyMode = .timeout(10)
            queue = try DatabaseQueue(path: Self.readOnlyName(path), configuration: configuration)
            guard try queue.read({ db in try Self.migrator.hasCompletedMigrations(db) }) else {
                throw StoreError.unavailable(
                    path: path,
                    reason: "was written by an earlier gripfit-serial and is brought up to date at its next write, which this user "
                        + "may not make: run `gripfit-serial history` once as a user who may write it"
                )
            }
        } catch let error as StoreError {
            throw error
        } catch {
            throw Self.failure(error, path: path)
        }
    }

    /// The history at `path` for a command that only reads it (`history`, `show`, `export` …). One this
    /// user may read but not write (a 0500 folder, a read-only mount, another user's file) is opened
    /// read-only and left exactly as it is: the usual open would set WAL mode and create SQLite's
    /// `-shm` file beside it, which such a folder refuses ("attempt to write a readonly database").
    public static func reading(path: String) throws(StoreError) -> SQLiteHistory {
        let directory = (path as NSString).deletingLastPathComponent
        guard access(path, F_OK) == 0, access(path, W_OK) != 0 || access(directory, W_OK) != 0 else {
            return try SQLiteHistory(path: path)
        }
        return try SQLiteHistory(readOnlyAt: path)
    }

    /// What SQLite is given to open a history read-only. With its `-wal` and `-shm` files beside it
    /// (a writer has it open), SQLite reads them as they are. Without them nothing is writing it (a
    /// writer could not create them either), and SQLite could not create the `-shm` it wants for a
    /// WAL-mode file: `immutable=1` reads the file alone, without locks.
    private static func readOnlyName(_ path: String) -> String {
        let beside = FileManager.default.fileExists(atPath: path + "-wal") && FileManager.default.fileExists(atPath: path + "-shm")
        guard !beside, acceptsURIs else { return path }
        let hex = Array("0123456789ABCDEF".utf8)
        var uri = Array("file:".utf8)
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "%"), UInt8(ascii: "?"), UInt8(ascii: "#"), 0..<0x21, 0x7F...:
                uri += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            default:
                uri.append(byte)
            }
        }
        return String(decoding: uri, as: UTF8.self) + "?immutable=1"
    }

    /// Debian's SQLite takes `file:` URIs in plain file names (SQLITE_USE_URI); GRDB passes no
    /// SQLITE_OPEN_URI, so one built without it would take the URI for a file name.
    private static let acceptsURIs: Bool = {
        (try? DatabaseQueue().read { db in try Bool.fetchOne(db, sql: "SELECT sqlite_compileoption_used('USE_URI')") }) == true
    }()

    /// GRDB reads which migrations are applied before it opens each migration's transaction, so
    /// processes creating one new history at once could each run v1 and the loser would read
    /// "table session already exists". An flock on the history's directory makes the check and the
    /// migration one step. The directory, not the file: closing a descriptor of the history file
    /// would drop the POSIX locks SQLite holds on it for this process's open history (see
    /// ``PrivateFiles/ensurePrivateFile(_:)``), after which another station's last close deletes the
    /// write-ahead log this process goes on writing to, and its next commit is lost though reported
    /// saved. Where no lock can be had (NFS emulates flock with fcntl locks, which a directory cannot
    /// take), a migration that lost the race is run once more, when it finds the other's work done.
    private static func migrate(_ queue: DatabaseQueue, path: String) throws(StoreError) {
        let fd = open((path as NSString).deletingLastPathComponent, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        defer { if fd >= 0 { close(fd) } }
        while fd >= 0, flock(fd, LOCK_EX) != 0, errno == EINTR {}
        do {
            try useWriteAheadLog(queue)
            try migrator.migrate(queue)
        } catch let clash as CodeClash {
            throw .refused(path: path, reason: clash.reason)
        } catch {
            do {
                try migrator.migrate(queue)
            } catch {
                throw failure(error, path: path)
            }
        }
    }

    /// WAL mode (kept in the file, so set once): readers and the one writer do not block each other,
    /// which rollback journaling's whole-file lock did ("database is locked" for a dashboard beside a
    /// `record`). `synchronous` stays FULL, so a committed session is on disk when `save` returns.
    /// SQLite makes the `-wal` and `-shm` files with the database file's mode, 0600. A history in a
    /// directory that cannot be written (read-only media) stays in its journal mode.
    private static func useWriteAheadLog(_ queue: DatabaseQueue) throws {
        try queue.writeWithoutTransaction { db in
            _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
            try db.execute(sql: "PRAGMA synchronous = FULL")
        }
    }

    /// SQLite writes its journal for a change that is then rolled back (a read-only file,
    /// directory or mount, or a full disk, fails here), and the file system must have `bytes` free.
    public func checkCanSave(bytes: Int) throws(StoreError) {
        do {
            try queue.inTransaction(.immediate) { db in
                try db.execute(sql: "CREATE TABLE gripfit_write_probe (x)")
                return .rollback
            }
        } catch {
            throw Self.failure(error, path: path)
        }
        if let free = FreeSpace.bytes(besides: path), free < UInt64(max(bytes, 0)) {
            throw .unavailable(
                path: path,
                reason: "only \(free / 1024) KiB free on its file system; a session needs \(bytes / 1024) KiB. Free some space"
            )
        }
    }

    /// `PRAGMA quick_check`, at most 10 problems: every command runs it, and unlike
    /// `integrity_check` (n log n, a quarter of a second at 100,000 sessions) it is one pass over
    /// the file; it finds broken pages and a lying index root, and skips only comparing each
    /// index's entries with its table's rows.
    public func integrityProblems() throws(StoreError) -> [String] {
        do {
            let lines = try queue.read { db in try String.fetchAll(db, sql: "PRAGMA quick_check(10)") }
            return lines == ["ok"] ? [] : lines
        } catch {
            throw Self.failure(error, path: path)
        }
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: sessions, reps, traces") { db in
            try db.execute(
                sql: """
                    CREATE TABLE session (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        device TEXT NOT NULL,
                        started_at_ms INTEGER NOT NULL,
                        firmware TEXT,
                        label TEXT,
                        hand TEXT CHECK (hand IN ('left', 'right')),
                        protocol TEXT,
                        trial INTEGER,
                        calibration_offset REAL,
                        calibration_counts_per_kg REAL,
                        calibration_date TEXT,
                        calibration_mass_kg REAL,
                        unit TEXT NOT NULL,
                        peak REAL NOT NULL,
                        peak_time REAL NOT NULL,
                        mean REAL NOT NULL,
                        duration REAL NOT NULL,
                        active_duration REAL NOT NULL,
                        time_to_peak REAL NOT NULL,
                        peak_rfd REAL NOT NULL,
                        impulse REAL NOT NULL,
                        rep_count INTEGER NOT NULL,
                        sample_count INTEGER NOT NULL,
                        gap_count INTEGER NOT NULL,
                        gap_duration REAL NOT NULL,
                        threshold REAL NOT NULL,
                        UNIQUE (device, started_at_ms)
                    );
                    CREATE INDEX session_started ON session (started_at_ms);
                    CREATE TABLE rep (
                        session_id INTEGER NOT NULL REFERENCES session (id) ON DELETE CASCADE,
                        number INTEGER NOT NULL,
                        start REAL NOT NULL,
                        "end" REAL NOT NULL,
                        peak REAL NOT NULL,
                        peak_time REAL NOT NULL,
                        impulse REAL NOT NULL,
                        mean REAL NOT NULL,
                        sample_count INTEGER NOT NULL,
                        interrupted INTEGER NOT NULL,
                        PRIMARY KEY (session_id, number)
                    );
                    CREATE TABLE trace (
                        session_id INTEGER PRIMARY KEY REFERENCES session (id) ON DELETE CASCADE,
                        encoding TEXT NOT NULL,
                        inflated_size INTEGER NOT NULL,
                        data BLOB NOT NULL
                    );
                    """
            )
        }
        migrator.registerMigration("v2: bridge version") { db in
            try db.execute(sql: "ALTER TABLE session ADD COLUMN bridge_version TEXT")
        }
        migrator.registerMigration("v3: device text as sent") { db in
            try unescapeDeviceText(db)
        }
        migrator.registerMigration("v4: subjects and assessments") { db in
            try addSubjectsAndAssessments(db)
        }
        migrator.registerMigration("v5: subject code rules") { db in
            try applySubjectCodeRules(db)
        }
        // The station that recorded a session (NULL for sessions from before stations), and the
        // sessions saved here while the shared server was away, until `history sync` pushes them.
        migrator.registerMigration("v6: stations and pending pushes") { db in
            try db.execute(
                sql: """
                    ALTER TABLE session ADD COLUMN station TEXT;
                    CREATE INDEX session_station ON session (station, started_at_ms);
                    CREATE TABLE pending_push (
                        session_id INTEGER PRIMARY KEY REFERENCES session (id) ON DELETE CASCADE
                    );
                    """
            )
        }
        // The clinic's identity in every FHIR id and identifier system: made once, here.
        migrator.registerMigration("v7: site identity") { db in
            try addSite(db)
        }
        // Each session's and assessment's stable name (``StableName``): rows from before get one
        // derived from what made them unique, so every history holding a copy derives the same.
        migrator.registerMigration("v8: stable names") { db in
            try addStableNames(db)
        }
        // The audit trail (``AuditSchema``): who saw or changed what, append-only and hash-chained.
        migrator.registerMigration("v9: audit trail") { db in
            try addAuditTrail(db)
        }
        // Which version of its protocol (GripProtocol) each assessment followed; NULL for those from
        // before, all `standard` as it was.
        migrator.registerMigration("v10: protocol versions") { db in
            try db.execute(sql: "ALTER TABLE assessment ADD COLUMN protocol_version INTEGER")
        }
        return migrator
    }

    /// `record` stored the firmware and bridge versions escaped for the terminal, so `show`
    /// escaped them twice (an ESC printed as `\\x1B`). ``UntrustedText/unescaped(_:)`` undoes that
    /// exactly, as the terminal escaping escapes the backslash too; the result is kept as the
    /// device sent it, as text is stored now. Imported text was stored as the file had it, which for an export of
    /// such a history is the same escaped form. Labels and protocol names were never escaped.
    private static func unescapeDeviceText(_ db: Database) throws {
        for column in ["firmware", "bridge_version"] {
            let rows = try Row.fetchAll(
                db,
                sql: #"SELECT id, \#(column) AS text FROM session WHERE typeof(\#(column)) = 'text' AND \#(column) LIKE '%\%'"#
            )
            for row in rows {
                let stored: DatabaseValue = row["text"] ?? .null
                let id: DatabaseValue = row["id"] ?? .null
                // Text that is not UTF-8 is a damaged row, left for `show` to report.
                guard let text = String.fromDatabaseValue(stored) else { continue }
                try db.execute(
                    sql: "UPDATE session SET \(column) = ? WHERE id = ?",
                    arguments: [CleanText.device(UntrustedText.unescaped(text)), id]
                )
            }
        }
    }

    /// The session, its reps and its trace are written in one transaction.
    @discardableResult
    public func save(_ session: StoredSession, sameStart: SameStart) throws(StoreError) -> SaveOutcome {
        let stored = try StoredTrace(session.trace)
        return try write { db in try insert(db, session, trace: stored, sameStart: sameStart) }
    }

    /// Writes one session, its reps and its trace inside the caller's transaction (``SQLHistory``'s rule).
    func insert(_ db: Database, _ session: StoredSession, trace: StoredTrace, sameStart: SameStart) throws -> SaveOutcome {
        try SQLHistory(db).insert(session, trace: trace, sameStart: sameStart, location: path, failAfterReps: failAfterReps)
    }

    public func allIDs() throws(StoreError) -> [Int64] {
        try read { db in try SQLHistory(db).allIDs() }
    }

    public func sessions(afterID: Int64, limit: Int) throws(StoreError) -> [StoredSession] {
        try read { db in try SQLHistory(db).sessions(afterID: afterID, limit: limit) }
    }

    public func session(id: Int64) throws(StoreError) -> StoredSession {
        guard let session = try read({ db in try SQLHistory(db).session(id: id) }) else { throw .notFound(id: id) }
        return session
    }

    /// Runs `body` in a read transaction. Every failure comes out a store error, mapped here once
    /// (``failure(_:path:)``); a store error `body` throws comes out as it is.
    func read<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        do {
            return try queue.read(body)
        } catch let error as StoreError {
            throw error
        } catch {
            throw Self.failure(error, path: path)
        }
    }

    /// Runs `body` in a write transaction, failures mapped as ``read(_:)`` maps them.
    func write<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        do {
            return try queue.write(body)
        } catch let error as StoreError {
            throw error
        } catch {
            throw Self.failure(error, path: path)
        }
    }

    /// SQLite's own verdict on the file decides the message. Our statements are fixed and the schema
    /// is migrated, so a plain SQL error (no such column, a schema that does not parse) or a value
    /// GRDB cannot decode means the file is damaged too; opening, permission, space and locking
    /// problems are the directory's. SQLite says "disk I/O error", not SQLITE_FULL, when growing its
    /// WAL index (`-shm`) finds no room, and GRDB keeps no errno: an I/O error on a file system with
    /// almost nothing free (``FreeSpace/nearlyFull``) is a full disk.
    static func failure(_ error: any Error, path: String) -> StoreError {
        // Anything else GRDB throws is a value it could not decode, e.g. a NULL migration name.
        guard let error = error as? DatabaseError else { return .damaged(path: path, detail: "\(error)") }
        let message = error.message ?? "SQLite error \(error.resultCode)"
        switch error.resultCode {
        case .SQLITE_CONSTRAINT:
            return .refused(path: path, reason: message)
        case .SQLITE_FULL:
            return .unavailable(path: path, reason: "the disk is full (\(message)); free some space")
        case .SQLITE_IOERR:
            guard let free = FreeSpace.bytes(besides: path), free < FreeSpace.nearlyFull else {
                return .unavailable(path: path, reason: message)
            }
            return .unavailable(path: path, reason: "the disk is full (\(message), \(free / 1024) KiB free); free some space")
        case .SQLITE_CORRUPT, .SQLITE_NOTADB, .SQLITE_ERROR, .SQLITE_SCHEMA, .SQLITE_MISMATCH, .SQLITE_FORMAT, .SQLITE_RANGE:
            return .damaged(path: path, detail: message)
        default:
            return .unavailable(path: path, reason: message)
        }
    }
}
