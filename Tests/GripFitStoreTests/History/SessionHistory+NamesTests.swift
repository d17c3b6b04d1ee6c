import Foundation
import GripFitClinical
import GripFitRecords
import StoreTestSupport
import Testing

@testable import GripFitStore

/// Stable names (``StableName``) on every backend: made at the first save, looked up by any prefix
/// that names one record, and kept by a copy into a history that numbers its rows otherwise.
struct SessionHistoryNamesTests {
    @Test(arguments: HistoryBackend.allCases)
    func aSessionAndItsAssessmentKeepTheirNamesInAnotherHistory(backend: HistoryBackend) throws {
        let source = try backend.makeHistory()
        try source.addSubject(Subject(code: "P1", sex: .female))
        var attempt = Fixtures.session()
        attempt.tags.subject = "P1"
        attempt.tags.trial = 1
        attempt.tags.attempt = 1
        let first = try source.saveFirstAttempt(attempt, of: SessionHistoryAssessmentsTests.facts(subject: "P1"))
        guard case .inserted(let id) = first.outcome else {
            Issue.record("not inserted: \(first.outcome)")
            return
        }
        let saved = try source.session(id: id)
        let name = try #require(saved.name)
        #expect(StableName.isUID(try #require(saved.uid)))
        #expect(try source.id(named: name) == id)
        #expect(try source.id(named: String(name.prefix(6)).uppercased()) == id)
        let assessment = try source.assessment(id: first.assessment)
        let assessmentName = try #require(assessment.stableName)
        #expect(try source.id(named: assessmentName) == first.assessment)
        #expect(assessment.attempts.map(\.name) == [name])
        #expect(throws: StoreError.unknownName("s-zzzz")) { try source.id(named: "s-zzzz") }

        // Another history, already numbering a session of its own: the copy is another number, the same name.
        let other = try SQLiteHistory(path: Fixtures.temporaryDirectory() + "/other.sqlite")
        _ = try other.save(Fixtures.session(start: 1_700_000_000_000), sameStart: .skip)
        _ = try HistoryTransfer.copy(from: source, to: other)
        let copy = try other.id(named: name)
        #expect(copy != id)
        #expect(try other.session(id: copy).uid == saved.uid)
        #expect(try other.assessment(id: try other.id(named: assessmentName)).uid == assessment.uid)
    }
}
