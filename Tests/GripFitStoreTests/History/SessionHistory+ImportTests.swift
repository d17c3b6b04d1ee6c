import Foundation
import GripFitClinical
import GripFitCore
import GripFitExchange
import GripFitRecords
import StoreTestSupport
import Testing

@testable import GripFitStore

/// An import is checked whole and written in one transaction: a subject of the same code must
/// carry the same facts, every subject and assessment named must exist, and a refused file leaves
/// the history as it was. On every backend.
struct SessionHistoryImportTests {
    private let directory = Fixtures.temporaryDirectory()

    /// An export of one guided run of P017 (the fixture subject), from another history (a SQLite file).
    private func export(subject: Subject) throws -> String {
        let source = try SQLiteHistory(path: directory + "/other/history.sqlite")
        try source.addSubject(subject)
        _ = try SessionHistoryAssessmentsTests.run(in: source, subject: subject.code)
        let sessions = try source.allIDs().map { try source.session(id: $0) }
        return try SessionExchange.export(sessions, subjects: [subject], assessments: try source.assessments(subject: nil), as: .json)
    }

    /// The subjects, assessments and sessions the history holds.
    private func counts(_ store: any SessionHistory) throws -> [Int] {
        [try store.subjects().count, try store.assessments(subject: nil).count, try store.list().rows.count]
    }

    @Test(arguments: HistoryBackend.allCases)
    func aRunImportsWithItsSubjectAndAssessmentOnceOnly(backend: HistoryBackend) throws {
        let text = try export(subject: try SessionHistorySubjectsTests.subject())
        let store = try backend.makeHistory()
        #expect(try store.importContents(try SessionExchange.contents(text)) == ImportOutcome(added: 7, skipped: 0))
        #expect(try store.importContents(try SessionExchange.contents(text)) == ImportOutcome(added: 0, skipped: 7))
        #expect(try counts(store) == [1, 1, 7])
        let assessment = try #require(try store.assessments(subject: "P017").first)
        #expect(assessment.attempts.count == 7)
    }

    /// A long file is written in batches, each cut at the first session whose start the history
    /// or the batch already holds, which is then filed alone: the outcome is the one-by-one rule's.
    @Test(arguments: HistoryBackend.allCases)
    func aLongFileIsFiledInBatchesAsOneByOne(backend: HistoryBackend) throws {
        let store = try backend.makeHistory()
        let sessions = (0..<450).map { Fixtures.session(start: 1_795_000_000_000 + Int64($0) * 10_000) }
        _ = try store.save(sessions[5], sameStart: .nextFreeMillisecond)
        let file = Array(sessions[0...10]) + [sessions[10]] + Array(sessions[11...]) + [sessions[200]]
        let outcome = try store.importContents(ExchangeContents(sessions: file, subjects: [], assessments: []))
        #expect(outcome == ImportOutcome(added: 449, skipped: 3))
        let listed = try store.list().rows
        #expect(listed.count == 450)
        #expect(Set(listed.map(\.startedAtMilliseconds)) == Set(sessions.map(\.startedAtMilliseconds)))
    }

    /// Codes are chosen per clinic: "P017" with another sex and birth is refused, naming the
    /// differing facts, and nothing of the file is written.
    @Test(arguments: HistoryBackend.allCases)
    func aKnownCodeWithOtherFactsIsRefusedAndNothingIsWritten(backend: HistoryBackend) throws {
        var theirs = try SessionHistorySubjectsTests.subject()
        theirs.sex = .male
        theirs.birth = .year(1950)
        let text = try export(subject: theirs)
        let store = try backend.makeHistory()
        try store.addSubject(try SessionHistorySubjectsTests.subject())
        #expect(
            throws: StoreError.subjectConflict(
                code: "P017",
                differences: ["sex: file male, history female", "birth: file 1950, history 1979-03-14"]
            )
        ) { try store.importContents(try SessionExchange.contents(text)) }
        #expect(try counts(store) == [1, 0, 0])
        let message = StoreError.subjectConflict(code: "P017", differences: ["sex: file male, history female"]).description
        #expect(message.contains("P017") && message.contains("sex: file male, history female") && message.contains("subject edit"))
    }

    @Test(arguments: HistoryBackend.allCases)
    func aKnownCodeWithTheSameFactsButTheNoteIsReused(backend: HistoryBackend) throws {
        let text = try export(subject: try SessionHistorySubjectsTests.subject(note: "their note"))
        let store = try backend.makeHistory()
        try store.addSubject(try SessionHistorySubjectsTests.subject())
        #expect(try store.importContents(try SessionExchange.contents(text)).added == 7)
        #expect(try store.subject(code: "P017").note == "left-handed scissors")
    }

    @Test(arguments: HistoryBackend.allCases)
    func aCodeDifferingOnlyInCaseIsAConflict(backend: HistoryBackend) throws {
        let text = try export(subject: try SessionHistorySubjectsTests.subject("p017"))
        let store = try backend.makeHistory()
        try store.addSubject(try SessionHistorySubjectsTests.subject())
        #expect(throws: StoreError.subjectConflict(code: "p017", differences: ["code: file p017, history P017"])) {
            try store.importContents(try SessionExchange.contents(text))
        }
    }

    /// The file's subject is not filed when a later session names a subject nobody holds: the
    /// import is one transaction, refused as a bad file (exit 65), not a failed history.
    @Test(arguments: HistoryBackend.allCases)
    func aSessionOfAnUnknownSubjectRefusesTheWholeFile(backend: HistoryBackend) throws {
        var ghost = Fixtures.session(start: 1_797_000_000_000)
        ghost.tags.subject = "GHOST"
        let newcomer = try SessionHistorySubjectsTests.subject("NEW")
        var theirs = Fixtures.session()
        theirs.tags.subject = "NEW"
        let text = try SessionExchange.export([theirs, ghost], subjects: [newcomer], assessments: [], as: .json)
        let store = try backend.makeHistory()
        #expect(
            throws: StoreError.badImport(
                line: 1,
                reason: "session 2 names subject 'GHOST', which neither the file nor the history holds. Nothing was imported"
            )
        ) { try store.importContents(try SessionExchange.contents(text)) }
        #expect(try counts(store) == [0, 0, 0])
    }

    @Test func anAssessmentUnitOtherThanKgOrRawIsRefused() throws {
        let text = try export(subject: try SessionHistorySubjectsTests.subject())
        for unit in ["lb", ""] {
            let edited = text.replacingOccurrences(of: "\"unit\":\"kg\"}],\"format\"", with: "\"unit\":\"\(unit)\"}],\"format\"")
            #expect(edited != text)
            #expect(throws: StoreError.badImport(line: 1, reason: "assessment 1: unit \(unit) is not kg or raw")) {
                try SessionExchange.contents(edited)
            }
        }
        #expect(
            !AssessmentFacts(
                subject: nil,
                device: "d",
                startedAtMilliseconds: 0,
                protocolName: "standard",
                firstHand: .left,
                trialsPerHand: 3,
                restSeconds: 30,
                unit: "lb",
                calibrationDate: nil
            ).calibrated
        )
    }

    @Test func anAssessmentInRawOfKilogramSessionsIsRefused() throws {
        let text = try export(subject: try SessionHistorySubjectsTests.subject())
        let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        var assessments = try #require(document["assessments"] as? [[String: Any]])
        assessments[0]["unit"] = "raw"
        var edited = document
        edited["assessments"] = assessments
        let changed = String(decoding: try JSONSerialization.data(withJSONObject: edited), as: UTF8.self)
        let id = try #require(assessments[0]["id"] as? Int)
        #expect(throws: StoreError.badImport(line: 1, reason: "session 1 is in kg but its assessment \(id) in raw")) {
            try SessionExchange.contents(changed)
        }
    }

    @Test func aSessionOfAnAssessmentTheFileLacksIsRefused() throws {
        var session = Fixtures.session()
        session.tags.assessment = 9
        let text = try SessionExchange.export([session], as: .json)
        #expect(throws: StoreError.badImport(line: 1, reason: "session 1 names assessment 9, which the file does not hold")) {
            try SessionExchange.contents(text)
        }
    }

    @Test func anUnusableSubjectCodeOnASessionIsRefused() throws {
        var session = Fixtures.session()
        session.tags.subject = ".."
        let text = try SessionExchange.export([session], as: .json)
        #expect(throws: StoreError.badImportedSubject(.badCode(".."))) { try SessionExchange.contents(text) }
    }
}
