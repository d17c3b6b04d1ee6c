import Foundation
import GripFitClinical
import GripFitCore
import GripFitRecords
import StoreTestSupport
import Testing

@testable import GripFitStore

/// Assessments on every backend: a guided run's attempts, its figures, the listing, the first attempt's transaction.
struct SessionHistoryAssessmentsTests {
    static func facts(subject: String?, start: Int64 = 1_795_000_000_000) -> AssessmentFacts {
        AssessmentFacts(
            subject: subject,
            device: "ble:C0:FF:EE:00:00:01",
            startedAtMilliseconds: start,
            protocolName: "standard",
            firstHand: .right,
            trialsPerHand: 3,
            restSeconds: 30,
            unit: "kg",
            calibrationDate: Fixtures.calibration.date
        )
    }

    /// One calibrated squeeze rising to `peak` kg and back, 3 s at 100 ms.
    static func attempt(peak: Double, start: Int64) -> StoredSession {
        let samples = (0..<30).map { step in
            let kilograms = step < 5 || step >= 25 ? 0 : peak * (1 - abs(Double(step) - 15) / 10)
            return RawSample(micros: Int64(step) * 100_000, raw: Int32(1_000 + max(0, kilograms) * 20_000))
        }
        return StoredSession.analysed(
            device: "ble:C0:FF:EE:00:00:01",
            startedAtMilliseconds: start,
            firmware: "1.0",
            label: nil,
            hand: nil,
            calibration: Fixtures.calibration,
            trace: RawTrace(samples: samples, gaps: [])
        )
    }

    /// An attempt tagged as trial 1 of the right hand, for tests of the first attempt alone.
    static func firstAttempt(start: Int64 = 1_795_000_000_000) -> StoredSession {
        var session = attempt(peak: 30, start: start)
        session.tags = SessionTags(label: nil, hand: .right, protocolName: "standard", trial: 1, attempt: 1)
        return session
    }

    /// Saves a run: right 36 (flagged early start), 36 again, 40, 38; left 30, 32, 34.
    static func run(in store: any SessionHistory, subject: String?) throws -> Int64 {
        let attempts: [(Hand, Int, Int, Double, String?)] = [
            (.right, 1, 1, 45, "squeeze began before the cue"), (.right, 1, 2, 36, nil), (.left, 1, 1, 30, nil),
            (.right, 2, 1, 40, nil), (.left, 2, 1, 32, nil), (.right, 3, 1, 38, nil), (.left, 3, 1, 34, nil),
        ]
        var id: Int64?
        for (index, (hand, trial, number, peak, flag)) in attempts.enumerated() {
            var session = attempt(peak: peak, start: 1_795_000_000_000 + Int64(index) * 40_000)
            session.tags = SessionTags(
                label: nil,
                hand: hand,
                protocolName: "standard",
                trial: trial,
                subject: subject,
                assessment: id,
                attempt: number,
                flag: flag
            )
            if id == nil {
                id = try store.saveFirstAttempt(session, of: facts(subject: subject)).assessment
            } else {
                _ = try store.save(session, sameStart: .nextFreeMillisecond)
            }
        }
        return try #require(id)
    }

    @Test(arguments: HistoryBackend.allCases)
    func anAssessmentOwnsItsAttemptsFlaggedOnesIncluded(backend: HistoryBackend) throws {
        let store = try backend.makeHistory()
        try store.addSubject(try SessionHistorySubjectsTests.subject())
        let id = try Self.run(in: store, subject: "P017")
        let assessment = try store.assessment(id: id)
        var facts = assessment.facts
        #expect(StableName.isUID(facts.uid ?? ""))
        facts.uid = nil
        #expect(facts == Self.facts(subject: "P017"))
        #expect(assessment.attempts.count == 7)
        #expect(assessment.attempts.first?.flag == "squeeze began before the cue")
        #expect(assessment.attempts.first.map { abs($0.peak - 45) < 1e-9 } == true)
        #expect(assessment.attempts.filter(\.counts).count == 6)
    }

    /// Issue 34: an assessment keeps the version of the protocol it followed; one filed without a
    /// version (as every assessment from before versions was) reads back without one.
    @Test(arguments: HistoryBackend.allCases)
    func anAssessmentKeepsItsProtocolVersion(backend: HistoryBackend) throws {
        let store = try backend.makeHistory()
        var facts = Self.facts(subject: nil)
        facts.protocolName = "southampton"
        facts.protocolVersion = 1
        let versioned = try store.saveFirstAttempt(Self.firstAttempt(), of: facts).assessment
        #expect(try store.assessment(id: versioned).facts.protocolVersion == 1)
        #expect(try store.assessment(id: versioned).facts.protocolTitle == "southampton v1")
        let older = try store.saveFirstAttempt(Self.firstAttempt(start: 1_796_000_000_000), of: Self.facts(subject: nil)).assessment
        #expect(try store.assessment(id: older).facts.protocolVersion == nil)
        #expect(try store.assessment(id: older).facts.protocolTitle == "standard")
    }

    /// The figures come from the stored peaks, as ``TrialStatisticsTests`` computes them by hand.
    @Test(arguments: HistoryBackend.allCases)
    func theFiguresAreComputedFromTheStoredAttempts(backend: HistoryBackend) throws {
        let store = try backend.makeHistory()
        let id = try Self.run(in: store, subject: nil)
        let statistics = try store.assessment(id: id).statistics(dominant: .right)
        #expect(statistics.left.peaks.map { $0.rounded(decimals: 6) } == [30, 32, 34])
        #expect(statistics.right.peaks.map { $0.rounded(decimals: 6) } == [36, 40, 38])
        #expect(abs((statistics.difference?.percent ?? 0) - 15) < 1e-6)
        #expect(abs((statistics.dominanceRatio ?? 0) - 40.0 / 34) < 1e-6)
    }

    @Test(arguments: HistoryBackend.allCases)
    func assessmentsAreListedNewestFirstAndBySubject(backend: HistoryBackend) throws {
        let store = try backend.makeHistory()
        try store.addSubject(try SessionHistorySubjectsTests.subject())
        let first = try Self.run(in: store, subject: "P017")
        let second = try store.saveFirstAttempt(
            Self.firstAttempt(start: 1_796_000_000_000),
            of: Self.facts(subject: nil, start: 1_796_000_000_000)
        ).assessment
        #expect(try store.assessments(subject: nil).map(\.id) == [second, first])
        #expect(try store.assessments(subject: "P017").map(\.id) == [first])
        #expect(throws: StoreError.unknownSubject("X")) { try store.assessments(subject: "X") }
        #expect(throws: StoreError.unknownAssessment(99)) { try store.assessment(id: 99) }
    }

    @Test(arguments: HistoryBackend.allCases)
    func anAssessmentOfAnUnknownSubjectIsRefusedWithItsAttempt(backend: HistoryBackend) throws {
        let store = try backend.makeHistory()
        #expect(throws: StoreError.unknownSubject("ghost")) {
            try store.saveFirstAttempt(Self.attempt(peak: 30, start: 1_795_000_000_000), of: Self.facts(subject: "ghost"))
        }
        #expect(try store.list().rows.isEmpty)
    }

    @Test(arguments: HistoryBackend.allCases)
    func theFirstAttemptCarriesItsNewAssessment(backend: HistoryBackend) throws {
        let store = try backend.makeHistory()
        let first = try store.saveFirstAttempt(Self.firstAttempt(), of: Self.facts(subject: nil))
        guard case .inserted(let session) = first.outcome else {
            Issue.record("not inserted: \(first.outcome)")
            return
        }
        #expect(try store.session(id: session).tags.assessment == first.assessment)
        #expect(try store.assessment(id: first.assessment).attempts.map(\.session) == [session])
    }

    @Test(arguments: HistoryBackend.allCases)
    func anAttemptsTagsReadBackFromItsSession(backend: HistoryBackend) throws {
        let store = try backend.makeHistory()
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
