import Foundation
import GripFitClinical
import GripFitCore
@testable import GripFitStore
import GripFitRecords
import Testing
import StoreTestSupport

/// JSON exports carry subjects and assessments; files without them (older exports) still read.
struct SessionExchangeSubjectsTests {
    @Test(arguments: HistoryBackend.allCases)
    func anExportCarriesSubjectsAssessmentsAndEachSessionsPlaceInThem(backend: HistoryBackend) throws {
        let store = try backend.makeHistory()
        let subject = try SessionHistorySubjectsTests.subject()
        try store.addSubject(subject)
        let id = try SessionHistoryAssessmentsTests.run(in: store, subject: "P017")
        let sessions = try store.allIDs().map { try store.session(id: $0) }
        let text = try SessionExchange.export(
            sessions, subjects: [subject], assessments: try store.assessments(subject: nil), as: .json)

        let contents = try SessionExchange.contents(text)
        #expect(contents.subjects == [subject])
        #expect(contents.assessments.count == 1)
        #expect(contents.assessments.first?.fileID == id)
        var facts = contents.assessments.first?.facts
        let uid = try store.assessment(id: id).uid
        #expect(facts?.uid != nil && facts?.uid == uid)
        facts?.uid = nil
        #expect(facts == SessionHistoryAssessmentsTests.facts(subject: "P017"))
        let flagged = try #require(contents.sessions.first)
        #expect(flagged.tags.subject == "P017" && flagged.tags.assessment == id && flagged.tags.attempt == 1)
        #expect(flagged.tags.flag == "squeeze began before the cue")
        #expect(contents.sessions.filter { $0.tags.flag == nil }.count == 6)
    }

    @Test func anExportWithoutSubjectsReadsAsBefore() throws {
        let text = try SessionExchange.export([Fixtures.session()], as: .json)
        #expect(!text.contains("\"subjects\"") && !text.contains("\"assessment\""))
        let contents = try SessionExchange.contents(text)
        #expect(contents.subjects.isEmpty && contents.assessments.isEmpty)
        #expect(contents.sessions.count == 1)
        #expect(contents.sessions.first?.tags == Fixtures.session().tags)
    }

    @Test func anImpossibleSubjectInAFileIsRefusedNamingIt() throws {
        let text = try SessionExchange.export([], subjects: [try SessionHistorySubjectsTests.subject()], assessments: [], as: .json)
        let edited = text.replacingOccurrences(of: "\"height_cm\":168", with: "\"height_cm\":1680")
        #expect(edited != text)
        #expect(throws: StoreError.badImportedSubject(.badHeight(1680))) {
            try SessionExchange.contents(edited)
        }
    }

    /// CSV carries the tags (issue 22: exports carry them); it holds no assessment's settings, so
    /// an import keeps the subject, attempt and flag and files the attempts as plain sessions.
    @Test(arguments: HistoryBackend.allCases)
    func csvCarriesTheTagsAndImportsAllButTheAssessment(backend: HistoryBackend) throws {
        let store = try backend.makeHistory()
        try store.addSubject(try SessionHistorySubjectsTests.subject())
        let id = try SessionHistoryAssessmentsTests.run(in: store, subject: "P017")
        let sessions = try store.allIDs().map { try store.session(id: $0) }
        let text = try SessionExchange.export(sessions, as: .csv)
        let lines = text.split(separator: "\n")
        #expect(lines.first?.hasSuffix(",bridge_version,subject,assessment,attempt,flag,station") == true)
        #expect(lines.contains { $0.hasSuffix(",P017,A\(id),1,squeeze began before the cue,") })

        let imported = try SessionExchange.parse(text)
        #expect(imported.count == 7)
        #expect(imported.first?.tags.subject == "P017" && imported.first?.tags.attempt == 1)
        #expect(imported.first?.tags.flag == "squeeze began before the cue")
        #expect(imported.allSatisfy { $0.tags.assessment == nil })

        // A CSV written before the tags (bridge_version last) still imports, untagged.
        let old = lines.map {
            $0.split(separator: ",", omittingEmptySubsequences: false).dropLast(TagField.all.count + 1).joined(separator: ",")
        }
        let untagged = try SessionExchange.parse(old.joined(separator: "\n") + "\n")
        #expect(untagged.count == 7 && untagged.allSatisfy { $0.tags.subject == nil && $0.tags.flag == nil })
    }

    @Test func aCSVTagThatIsNoneIsRefused() throws {
        var session = Fixtures.session()
        session.tags.attempt = 2
        let text = try SessionExchange.export([session], as: .csv).replacingOccurrences(of: ",2,,\n", with: ",two,,\n")
        #expect(throws: StoreError.badImport(line: 2, reason: "attempt two is not one `export` writes")) { try SessionExchange.parse(text) }
    }
}
