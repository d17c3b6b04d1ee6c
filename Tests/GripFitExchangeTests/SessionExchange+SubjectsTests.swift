import Foundation
import GripFitClinical
import GripFitCore
import GripFitRecords
import StoreTestSupport
import Testing

@testable import GripFitExchange

/// JSON exports carry subjects and assessments; files without them (older exports) still read.
struct SessionExchangeSubjectsTests {
    @Test func anExportWithoutSubjectsReadsAsBefore() throws {
        let text = try SessionExchange.export([Fixtures.session()], as: .json)
        #expect(!text.contains("\"subjects\"") && !text.contains("\"assessment\""))
        let contents = try SessionExchange.contents(text)
        #expect(contents.subjects.isEmpty && contents.assessments.isEmpty)
        #expect(contents.sessions.count == 1)
        #expect(contents.sessions.first?.tags == Fixtures.session().tags)
    }

    @Test func anImpossibleSubjectInAFileIsRefusedNamingIt() throws {
        let text = try SessionExchange.export([], subjects: [try Fixtures.subject()], assessments: [], as: .json)
        let edited = text.replacingOccurrences(of: "\"height_cm\":168", with: "\"height_cm\":1680")
        #expect(edited != text)
        #expect(throws: StoreError.badImportedSubject(.badHeight(1680))) {
            try SessionExchange.contents(edited)
        }
    }

    @Test func aCSVTagThatIsNoneIsRefused() throws {
        var session = Fixtures.session()
        session.tags.attempt = 2
        let text = try SessionExchange.export([session], as: .csv).replacingOccurrences(of: ",2,,\n", with: ",two,,\n")
        #expect(throws: StoreError.badImport(line: 2, reason: "attempt two is not one `export` writes")) { try SessionExchange.parse(text) }
    }
}
