import Foundation
import GRDB
import GripFitClinical
import GripFitCore
import GripFitRecords
import StoreTestSupport
import Testing

@testable import GripFitStore

/// An injected failure in the first attempt's save (SQLite's test hook).
struct SQLiteHistoryAssessmentsTests {
    private let directory = Fixtures.temporaryDirectory()
    private var path: String { directory + "/data/gripfit/history.sqlite" }

    /// The assessment is filed in the first attempt's transaction: when that save fails, no
    /// assessment without attempts is left to list as "no counted trial".
    @Test func aFailedFirstAttemptLeavesNoAssessment() throws {
        let store = try SQLiteHistory(path: path, failAfterReps: 0)
        #expect(throws: StoreError.corrupt("injected failure")) {
            try store.saveFirstAttempt(
                SessionHistoryAssessmentsTests.attempt(peak: 30, start: 1_795_000_000_000),
                of: SessionHistoryAssessmentsTests.facts(subject: nil)
            )
        }
        #expect(try store.assessments(subject: nil).isEmpty)
        #expect(try store.list().rows.isEmpty)
    }
}

/// A history from before subjects (v3) opens, migrates in place and keeps every session.
struct SQLiteHistoryVersionFourMigrationTests {
    private let directory = Fixtures.temporaryDirectory()

    @Test func aVersionThreeHistoryMigratesInPlace() throws {
        let path = directory + "/history.sqlite"
        let queue = try DatabaseQueue(path: path)
        try SQLiteHistory.migrator.migrate(queue, upTo: "v3: device text as sent")
        // A session as the v3 code wrote it: a guided attempt with its flag only in the label.
        let session = Fixtures.session()
        try queue.write { db in
            try db.execute(
                sql: """
                    INSERT INTO session (device, started_at_ms, firmware, label, hand, protocol, trial, unit, peak, peak_time, mean,
                        duration, active_duration, time_to_peak, peak_rfd, impulse, rep_count, sample_count, gap_count, gap_duration,
                        threshold) VALUES ('ble:C0:FF:EE:00:00:01', 1795000000000, '1.0', 'flagged: no squeeze before the time limit',
                        'left', 'standard', 2, 'kg', 40, 1, 20, 9, 6, 1, 100, 50, 0, 90, 0, 0, 2)
                    """
            )
            let id = db.lastInsertedRowID
            try db.execute(
                sql: "INSERT INTO trace (session_id, encoding, inflated_size, data) VALUES (?, 'gft1+zlib', ?, ?)",
                arguments: [id, TraceCodec.encode(session.trace).count, Data(Zlib.compress(TraceCodec.encode(session.trace)))]
            )
        }
        try queue.close()

        let store = try SQLiteHistory(path: path)
        let row = try #require(try store.list().rows.first)
        #expect(row.label == "flagged: no squeeze before the time limit")
        #expect(row.trial == 2)
        #expect(row.subject == nil)
        #expect(row.tags.assessment == nil)
        #expect(try store.session(id: row.id).tags.flag == nil)
        #expect(try store.assessments(subject: nil).isEmpty)
        #expect(try store.subjects().isEmpty)
        let applied = try DatabaseQueue(path: path).read { db in try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations") }
        #expect(applied.contains("v5: subject code rules"))
    }

    /// The README's rule for guided runs recorded before v4: nothing stored tells two runs of one
    /// device from one run with a repeated trial, so they are not grouped into assessments; every
    /// attempt stays a session with its protocol and trial.
    @Test func guidedRunsRecordedBeforeVersionFourStaySessions() throws {
        let path = directory + "/history.sqlite"
        let queue = try DatabaseQueue(path: path)
        try SQLiteHistory.migrator.migrate(queue, upTo: "v3: device text as sent")
        let session = Fixtures.session()
        let blob = Data(Zlib.compress(TraceCodec.encode(session.trace)))
        try queue.write { db in
            // Two runs of one device, trials 1 and 2 of each hand, the second run a minute after the first.
            for (index, (hand, trial)) in [("right", 1), ("left", 1), ("right", 2), ("left", 2)].enumerated() {
                for run in 0..<2 {
                    try db.execute(
                        sql: """
                            INSERT INTO session (device, started_at_ms, unit, hand, protocol, trial, peak, peak_time, mean, duration,
                                active_duration, time_to_peak, peak_rfd, impulse, rep_count, sample_count, gap_count, gap_duration,
                                threshold) VALUES ('ble:C0:FF:EE:00:00:01', ?, 'kg', ?, 'standard', ?, 40, 1, 20, 9, 6, 1, 100, 50, 0, 90,
                                0, 0, 2)
                            """,
                        arguments: [1_795_000_000_000 + Int64(run) * 60_000 + Int64(index) * 10_000, hand, trial]
                    )
                    try db.execute(
                        sql: "INSERT INTO trace (session_id, encoding, inflated_size, data) VALUES (?, 'gft1+zlib', ?, ?)",
                        arguments: [db.lastInsertedRowID, TraceCodec.encode(session.trace).count, blob]
                    )
                }
            }
        }
        try queue.close()

        let store = try SQLiteHistory(path: path)
        #expect(try store.assessments(subject: nil).isEmpty)
        let rows = try store.list().rows
        #expect(rows.count == 8)
        #expect(rows.allSatisfy { $0.protocolName == "standard" && $0.trial != nil && $0.tags.assessment == nil })
    }
}

/// v5 (subject code rules) from a v4 file: codes keep their text, become NOT NULL and unique
/// without regard to case; a v4 file whose codes differ only in case is refused, naming them.
struct SQLiteHistoryVersionFiveMigrationTests {
    private let directory = Fixtures.temporaryDirectory()

    private func versionFour(codes: [String]) throws -> String {
        let path = directory + "/history.sqlite"
        let queue = try DatabaseQueue(path: path)
        try SQLiteHistory.migrator.migrate(queue, upTo: "v4: subjects and assessments")
        try queue.write { db in
            for code in codes { try db.execute(sql: "INSERT INTO subject (code, sex) VALUES (?, 'female')", arguments: [code]) }
            try db.execute(sql: "INSERT INTO subject (code) VALUES (NULL)")
        }
        try queue.close()
        return path
    }

    @Test func aVersionFourHistoryGetsTheCodeRules() throws {
        let path = try versionFour(codes: ["P017"])
        let store = try SQLiteHistory(path: path)
        #expect(try store.subjects().map(\.code) == ["P017"])
        #expect(try store.subject(code: "p017").code == "P017")
        #expect(throws: StoreError.duplicateSubject("p017")) { try store.addSubject(try Subject(code: "p017")) }
        let queue = try DatabaseQueue(path: path)
        let refused = try queue.write { db -> Bool in
            do {
                try db.execute(sql: "INSERT INTO subject (code) VALUES (NULL)")
                return false
            } catch let error as DatabaseError {
                return error.resultCode == .SQLITE_CONSTRAINT
            }
        }
        #expect(refused)
        let applied = try queue.read { db in try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations") }
        #expect(applied.contains("v5: subject code rules"))
    }

    @Test func codesDifferingOnlyInCaseAreRefusedNamed() throws {
        let path = try versionFour(codes: ["P017", "p017"])
        #expect {
            try SQLiteHistory(path: path)
        } throws: { error in
            guard case .refused(let named, let reason) = error as? StoreError else { return false }
            return named == path && reason.contains("P017, p017") && reason.contains("differ only in case")
        }
    }
}
