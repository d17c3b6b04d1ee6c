import Foundation
import GRDB
import GripFitCore

/// The session history: SQLite through GRDB, one transaction per session, migrations from v1.
///
/// A session is its summary row, its reps and its trace blob. They are written in one
/// transaction, so a process killed mid-save leaves all of them or none (SQLite's journal rolls an
/// unfinished transaction back on the next open).
public final class SessionStore: Sendable {
    public let path: String
    private let queue: DatabaseQueue
    /// Test seam: throws after this many reps are written, to prove a failed save leaves nothing.
    let failAfterReps: Int?

    public convenience init(path: String) throws(StoreError) {
        try self.init(path: path, failAfterReps: nil)
    }

    init(path: String, failAfterReps: Int?) throws(StoreError) {
        self.path = path
        self.failAfterReps = failAfterReps
        do {
            let directory = (path as NSString).deletingLastPathComponent
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            var configuration = Configuration()
            configuration.foreignKeysEnabled = true
            configuration.busyMode = .timeout(5)
            queue = try DatabaseQueue(path: path, configuration: configuration)
            try Self.migrator.migrate(queue)
        } catch {
            throw .unavailable(path: path, reason: Self.reason(error))
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
                    """)
        }
        migrator.registerMigration("v2: bridge version") { db in
            try db.execute(sql: "ALTER TABLE session ADD COLUMN bridge_version TEXT")
        }
        return migrator
    }

    /// Saves a session with its reps and trace in one transaction; a session already stored for
    /// the same device and start time is skipped, not duplicated.
    @discardableResult
    public func save(_ session: StoredSession) throws(StoreError) -> SaveOutcome {
        let encoded = TraceCodec.encode(session.trace)
        let blob = Data(Zlib.compress(encoded))
        let failAfterReps = failAfterReps
        do {
            return try queue.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO session (
                            device, started_at_ms, firmware, bridge_version, label, hand, protocol, trial,
                            calibration_offset, calibration_counts_per_kg, calibration_date, calibration_mass_kg,
                            unit, peak, peak_time, mean, duration, active_duration, time_to_peak, peak_rfd, impulse,
                            rep_count, sample_count, gap_count, gap_duration, threshold)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                        ON CONFLICT (device, started_at_ms) DO NOTHING
                        """,
                    arguments: Self.arguments(session))
                guard db.changesCount == 1 else {
                    let existing = try Int64.fetchOne(
                        db, sql: "SELECT id FROM session WHERE device = ? AND started_at_ms = ?",
                        arguments: [session.device, session.startedAtMilliseconds])
                    return .duplicate(existingID: existing ?? 0)
                }
                let id = db.lastInsertedRowID
                for (index, rep) in session.summary.reps.enumerated() {
                    if let failAfterReps, index == failAfterReps { throw StoreError.corrupt("injected failure") }
                    try db.execute(
                        sql: """
                            INSERT INTO rep (session_id, number, start, "end", peak, peak_time, impulse, mean,
                                sample_count, interrupted) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                            """,
                        arguments: [
                            id, index + 1, rep.start, rep.end, rep.peak, rep.peakTime, rep.impulse, rep.mean,
                            rep.sampleCount, rep.interrupted,
                        ])
                }
                try db.execute(
                    sql: "INSERT INTO trace (session_id, encoding, inflated_size, data) VALUES (?, 'gft1+zlib', ?, ?)",
                    arguments: [id, encoded.count, blob])
                return .inserted(id: id)
            }
        } catch let error as StoreError {
            throw error
        } catch {
            throw .unavailable(path: path, reason: Self.reason(error))
        }
    }

    /// Sessions, newest first, optionally for one device and from a time on.
    public func list(device: String? = nil, sinceMilliseconds: Int64? = nil) throws(StoreError) -> [SessionRow] {
        do {
            return try queue.read { db in
                try Row.fetchAll(
                    db,
                    sql: """
                        SELECT id, device, started_at_ms, firmware, bridge_version, label, hand, protocol, trial, unit,
                            calibration_date, peak, mean, time_to_peak, peak_rfd, impulse, duration, rep_count
                        FROM session
                        WHERE (?1 IS NULL OR device = ?1) AND (?2 IS NULL OR started_at_ms >= ?2)
                        ORDER BY started_at_ms DESC, id DESC
                        """,
                    arguments: [device, sinceMilliseconds]
                ).map { row in
                    SessionRow(
                        id: row["id"], device: row["device"], startedAtMilliseconds: row["started_at_ms"],
                        firmware: row["firmware"], bridgeVersion: row["bridge_version"], label: row["label"],
                        hand: (row["hand"] as String?).flatMap(Hand.init(rawValue:)), protocolName: row["protocol"],
                        trial: row["trial"], calibrated: (row["unit"] as String) != "raw",
                        calibrationDate: row["calibration_date"], peak: row["peak"], mean: row["mean"],
                        timeToPeak: row["time_to_peak"], peakRFD: row["peak_rfd"], impulse: row["impulse"],
                        duration: row["duration"], repCount: row["rep_count"])
                }
            }
        } catch {
            throw .unavailable(path: path, reason: Self.reason(error))
        }
    }

    /// Every session id, oldest first, for `export --all`.
    public func allIDs() throws(StoreError) -> [Int64] {
        do {
            return try queue.read { db in try Int64.fetchAll(db, sql: "SELECT id FROM session ORDER BY started_at_ms, id") }
        } catch {
            throw .unavailable(path: path, reason: Self.reason(error))
        }
    }

    /// A whole session: summary, reps and trace.
    public func session(id: Int64) throws(StoreError) -> StoredSession {
        let loaded: (Row, [Row], Row?)?
        do {
            loaded = try queue.read { db in
                guard let row = try Row.fetchOne(db, sql: "SELECT * FROM session WHERE id = ?", arguments: [id]) else {
                    return nil
                }
                let reps = try Row.fetchAll(
                    db, sql: "SELECT * FROM rep WHERE session_id = ? ORDER BY number", arguments: [id])
                let trace = try Row.fetchOne(db, sql: "SELECT * FROM trace WHERE session_id = ?", arguments: [id])
                return (row, reps, trace)
            }
        } catch {
            throw .unavailable(path: path, reason: Self.reason(error))
        }
        guard let (row, repRows, traceRow) = loaded else { throw .notFound(id: id) }
        return try Self.session(row: row, reps: repRows, trace: traceRow)
    }

    private static func session(row: Row, reps repRows: [Row], trace traceRow: Row?) throws(StoreError) -> StoredSession {
        guard let traceRow, (traceRow["encoding"] as String) == "gft1+zlib", let data = traceRow["data"] as Data? else {
            throw .corrupt("session \(row["id"] as Int64) has no readable trace")
        }
        let inflated = try Zlib.decompress(Array(data), expectedSize: traceRow["inflated_size"])
        let trace: RawTrace
        do {
            trace = try TraceCodec.decode(inflated)
        } catch {
            throw .corrupt("session \(row["id"] as Int64) trace: \(error)")
        }
        let reps = repRows.map { rep in
            RepSummary(
                start: rep["start"], end: rep["end"], peak: rep["peak"], peakTime: rep["peak_time"],
                impulse: rep["impulse"], mean: rep["mean"], sampleCount: rep["sample_count"],
                interrupted: rep["interrupted"])
        }
        let device: String = row["device"]
        let calibration: StoredCalibration? =
            if let offset = row["calibration_offset"] as Double?, let scale = row["calibration_counts_per_kg"] as Double? {
                StoredCalibration(
                    device: device, calibration: Calibration(offset: offset, countsPerKilogram: scale),
                    date: row["calibration_date"] ?? "", massKilograms: row["calibration_mass_kg"])
            } else {
                nil
            }
        let summary = SessionSummary(
            peak: row["peak"], peakTime: row["peak_time"], mean: row["mean"], duration: row["duration"],
            activeDuration: row["active_duration"], timeToPeak: row["time_to_peak"], peakRFD: row["peak_rfd"],
            impulse: row["impulse"], reps: reps, sampleCount: row["sample_count"], gapCount: row["gap_count"],
            gapDuration: row["gap_duration"], threshold: row["threshold"])
        return StoredSession(
            id: row["id"], device: device, startedAtMilliseconds: row["started_at_ms"], firmware: row["firmware"],
            bridgeVersion: row["bridge_version"], label: row["label"], hand: (row["hand"] as String?).flatMap(Hand.init(rawValue:)),
            protocolName: row["protocol"], trial: row["trial"], calibration: calibration, summary: summary, trace: trace)
    }

    private static func arguments(_ session: StoredSession) -> StatementArguments {
        let summary = session.summary
        let values: [(any DatabaseValueConvertible)?] = [
            session.device, session.startedAtMilliseconds, session.firmware, session.bridgeVersion, session.label, session.hand?.rawValue,
            session.protocolName, session.trial, session.calibration?.offset, session.calibration?.countsPerKilogram,
            session.calibration?.date, session.calibration?.massKilograms, session.unitName, summary.peak,
            summary.peakTime, summary.mean, summary.duration, summary.activeDuration, summary.timeToPeak,
            summary.peakRFD, summary.impulse, summary.reps.count, summary.sampleCount, summary.gapCount,
            summary.gapDuration, summary.threshold,
        ]
        return StatementArguments(values)
    }

    private static func reason(_ error: any Error) -> String {
        if let error = error as? DatabaseError { return error.message ?? "SQLite error \(error.resultCode)" }
        return "\(error)"
    }
}
