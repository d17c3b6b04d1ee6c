import Foundation
import GRDB
import GripFitClinical
import GripFitCore
@testable import GripFitStore
import Testing

struct SQLiteHistoryAssessmentsTests {
    private let directory = Fixtures.temporaryDirectory()
    private var path: String { directory + "/data/gripfit/history.sqlite" }

    static func facts(subject: String?, start: Int64 = 1_795_000_000_000) -> AssessmentFacts {
        AssessmentFacts(
            subject: subject, device: "ble:C0:FF:EE:00:00:01", startedAtMilliseconds: start, protocolName: "standard",
            firstHand: .right, trialsPerHand: 3, restSeconds: 30, unit: "kg", calibrationDate: Fixtures.calibration.date)
    }

    /// One calibrated squeeze rising to `peak` kg and back, 3 s at 100 ms.
    static func attempt(peak: Double, start: Int64) -> StoredSession {
        let samples = (0..<30).map { step in
            let kilograms = step < 5 || step >= 25 ? 0 : peak * (1 - abs(Double(step) - 15) / 10)
            return RawSample(micros: Int64(step) * 100_000, raw: Int32(1_000 + max(0, kilograms) * 20_000))
        }
        return StoredSession.analysed(
            device: "ble:C0:FF:EE:00:00:01", startedAtMilliseconds: start, firmware: "1.0", label: nil, hand: nil,
            calibration: Fixtures.calibration, trace: RawTrace(samples: samples, gaps: []))
    }

    /// An attempt tagged as trial 1 of the right hand, for tests of the first attempt alone.
    static func firstAttempt(start: Int64 = 1_795_000_000_000) -> StoredSession {
        var session = attempt(peak: 30, start: start)
        session.tags = SessionTags(label: nil, hand: .right, protocolName: "standard", trial: 1, attempt: 1)
        return session
    }

    /// Saves a run: right 36 (flagged early start), 36 again, 40, 38; left 30, 32, 34.
    static func run(in store: SQLiteHistory, subject: String?) throws -> Int64 {
        let attempts: [(Hand, Int, Int, Double, String?)] = [
            (.right, 1, 1, 45, "squeeze began before the cue"), (.right, 1, 2, 36, nil), (.left, 1, 1, 30, nil),
            (.right, 2, 1, 40, nil), (.left, 2, 1, 32, nil), (.right, 3, 1, 38, nil), (.left, 3, 1, 34, nil),
        ]
        var id: Int64?
        for (index, (hand, trial, number, peak, flag)) in attempts.enumerated() {
            var session = attempt(peak: peak, start: 1_795_000_000_000 + Int64(index) * 40_000)
            session.tags = SessionTags(
                label: nil, hand: hand, protocolName: "standard", trial: trial, subject: subject, assessment: id, attempt: number,
                flag: flag)
            if id == nil {
                id = try store.saveFirstAttempt(session, of: facts(subject: subject)).assessment
            } else {
                try store.save(session, sameStart: .nextFreeMillisecond)
            }
        }
        return try #require(id)
    }

    @Test func anAssessmentOwnsItsAttemptsFlaggedOnesIncluded() throws {
        let store = try SQLiteHistory(path: path)
        try store.addSubject(try SQLiteHistorySubjectsTests.subject())
        let id = try Self.run(in: store, subject: "P017")
        let assessment = try store.assessment(id: id)
        #expect(assessment.facts == Self.facts(subject: "P017"))
        #expect(assessment.attempts.count == 7)
        #expect(assessment.attempts.first?.flag == "squeeze began before the cue")
        #expect(assessment.attempts.first.map { abs($0.peak - 45) < 1e-9 } == true)
        #expect(assessment.attempts.filter(\.counts).count == 6)
    }

    /// The figures come from the stored peaks, as ``TrialStatisticsTests`` computes them by hand.
    @Test func theFiguresAreComputedFromTheStoredAttempts() throws {
        let store = try SQLiteHistory(path: path)
        let id = try Self.run(in: store, subject: nil)
        let statistics = try store.assessment(id: id).statistics(dominant: .right)
        #expect(statistics.left.peaks.map { $0.rounded(decimals: 6) } == [30, 32, 34])
        #expect(statistics.right.peaks.map { $0.rounded(decimals: 6) } == [36, 40, 38])
        #expect(abs((statistics.difference?.percent ?? 0) - 15) < 1e-6)
        #expect(abs((statistics.dominanceRatio ?? 0) - 40.0 / 34) < 1e-6)
    }

    @Test func assessmentsAreListedNewestFirstAndBySubject() throws {
        let store = try SQLiteHistory(path: path)
        try store.addSubject(try SQLiteHistorySubjectsTests.subject())
        let first = try Self.run(in: store, subject: "P017")
        let second = try store.saveFirstAttempt(
            Self.firstAttempt(start: 1_796_000_000_000), of: Self.facts(subject: nil, start: 1_796_000_000_000)
        ).assessment
        #expect(try store.assessments(subject: nil).map(\.id) == [second, first])
        #expect(try store.assessments(subject: "P017").map(\.id) == [first])
        #expect(throws: StoreError.unknownSubject("X")) { try store.assessments(subject: "X") }
        #expect(throws: StoreError.unknownAssessment(99)) { try store.assessment(id: 99) }
    }

    @Test func anAssessmentOfAnUnknownSubjectIsRefusedWithItsAttempt() throws {
        let store = try SQLiteHistory(path: path)
        #expect(throws: StoreError.unknownSubject("ghost")) {
            try store.saveFirstAttempt(Self.attempt(peak: 30, start: 1_795_000_000_000), of: Self.facts(subject: "ghost"))
        }
        #expect(try store.list().rows.isEmpty)
    }

    /// The assessment is filed in the first attempt's transaction: when that save fails, no
    /// assessment without attempts is left to list as "no counted trial".
    @Test func aFailedFirstAttemptLeavesNoAssessment() throws {
        let store = try SQLiteHistory(path: path, failAfterReps: 0)
        #expect(throws: StoreError.corrupt("injected failure")) {
            try store.saveFirstAttempt(Self.attempt(peak: 30, start: 1_795_000_000_000), of: Self.facts(subject: nil))
        }
        #expect(try store.assessments(subject: nil).isEmpty)
        #expect(try store.list().rows.isEmpty)
    }

    @Test func theFirstAttemptCarriesItsNewAssessment() throws {
        let store = try SQLiteHistory(path: path)
        let first = try store.saveFirstAttempt(Self.firstAttempt(), of: Self.facts(subject: nil))
        guard case .inserted(let session) = first.outcome else { Issue.record("not inserted: \(first.outcome)"); return }
        #expect(try store.session(id: session).tags.assessment == first.assessment)
        #expect(try store.assessment(id: first.assessment).attempts.map(\.session) == [session])
    }

    @Test func anAttemptsTagsReadBackFromItsSession() throws {
        let store = try SQLiteHistory(path: path)
        let id = try Self.run(in: store, subject: nil)
        let first = try #require(try store.assessment(id: id).attempts.first)
        let session = try store.session(id: first.session)
        #expect(session.tags.assessment == id)
        #expect(session.tags.attempt == 1)
        #expect(session.tags.flag == "squeeze began before the cue")
        #expect(try store.list().rows.first?.tags.assessment == id)
    }

    @Test func assessmentNamesAreAAndTheId() {
        #expect(StoredAssessment.name(12) == "A12")
        #expect(StoredAssessment.id(named: "A12") == 12)
        #expect(StoredAssessment.id(named: "a3") == 3)
        #expect(StoredAssessment.id(named: "12") == nil)
        #expect(StoredAssessment.id(named: "A0") == nil)
        #expect(StoredAssessment.id(named: "A+1") == nil)
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
                    """)
            let id = db.lastInsertedRowID
            try db.execute(
                sql: "INSERT INTO trace (session_id, encoding, inflated_size, data) VALUES (?, 'gft1+zlib', ?, ?)",
                arguments: [id, TraceCodec.encode(session.trace).count, Data(Zlib.compress(TraceCodec.encode(session.trace)))])
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
                        arguments: [1_795_000_000_000 + Int64(run) * 60_000 + Int64(index) * 10_000, hand, trial])
                    try db.execute(
                        sql: "INSERT INTO trace (session_id, encoding, inflated_size, data) VALUES (?, 'gft1+zlib', ?, ?)",
                        arguments: [db.lastInsertedRowID, TraceCodec.encode(session.trace).count, blob])
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
