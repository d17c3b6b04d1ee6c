import GripFitClinical
import GripFitExchange
import GripFitRecords
import GripFitStore
import StoreTestSupport
import Testing

struct HistoryTransferTests {
    private let directory = Fixtures.temporaryDirectory()

    @Test func copiesEverythingInBatchesAndOnlyOnce() throws {
        let source = try SQLiteHistory(path: directory + "/source.sqlite")
        let destination = try SQLiteHistory(path: directory + "/destination.sqlite")
        try source.addSubject(try Subject(code: "P1", birth: .year(1950)))
        try source.addSubject(try Subject(code: "P2"))
        for index in 0..<5 {
            var session = Fixtures.session(start: 1_795_000_000_000 + Int64(index) * 10_000)
            session.tags.subject = index == 0 ? "P1" : nil
            _ = try source.save(session, sameStart: .nextFreeMillisecond)
        }
        _ = try source.saveFirstAttempt(
            SessionHistoryAssessmentsTests.firstAttempt(start: 1_796_000_000_000),
            of: SessionHistoryAssessmentsTests.facts(subject: "P1", start: 1_796_000_000_000)
        )
        var seen: [(Int, Int)] = []
        let first = try HistoryTransfer.copy(from: source, to: destination, batchSize: 2) { seen.append(($0, $1)) }
        #expect(first == ImportOutcome(added: 6, skipped: 0))
        #expect(seen.map(\.0) == [2, 4, 6])
        #expect(seen.allSatisfy { $0.1 == 6 })
        #expect(try destination.subjects().map(\.code) == ["P1", "P2"])
        #expect(try destination.assessments(subject: "P1").first?.attempts.count == 1)
        #expect(try destination.session(id: 1).trace == source.session(id: 1).trace)
        #expect(try HistoryTransfer.copy(from: source, to: destination, batchSize: 4) == ImportOutcome(added: 0, skipped: 6))
        #expect(try destination.list().rows.count == 6)
    }
}
