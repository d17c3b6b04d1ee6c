import GripFitCore
import GripFitExchange
import GripFitRecords
import GripFitStore
import StoreTestSupport
import Testing

/// A history's sessions, subjects and assessments through an export file and back, on both backends.
struct SessionHistoryExchangeTests {
    @Test(arguments: HistoryBackend.allCases)
    func importIntoAStoreIsIdempotent(backend: HistoryBackend) throws {
        let store = try backend.makeHistory()
        _ = try store.save(Fixtures.session(), sameStart: .skip)
        let exported = try SessionExchange.export(try store.allIDs().map { try store.session(id: $0) }, as: .json)
        let outcomes = try SessionExchange.parse(exported).map { try store.save($0, sameStart: .skip) }
        #expect(outcomes.allSatisfy { if case .duplicate = $0 { true } else { false } })
        #expect(try store.list().rows.count == 1)
    }

    @Test(arguments: HistoryBackend.allCases)
    func anExportCarriesSubjectsAssessmentsAndEachSessionsPlaceInThem(backend: HistoryBackend) throws {
        let store = try backend.makeHistory()
        let subject = try SessionHistorySubjectsTests.subject()
        try store.addSubject(subject)
        let id = try SessionHistoryAssessmentsTests.run(in: store, subject: "P017")
        let sessions = try store.allIDs().map { try store.session(id: $0) }
        let text = try SessionExchange.export(
            sessions,
            subjects: [subject],
            assessments: try store.assessments(subject: nil),
            as: .json
        )

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
}
