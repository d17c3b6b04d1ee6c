import GripFitOutput
import Testing

@testable import GripFitLive

/// `history`'s table: its columns fit the widest cell, so nothing is written before the finish.
struct HistoryTableEncoderTests {
    typealias Fixtures = HistoryEncoderFixtures

    @Test func theWholeTableIsWrittenAtTheFinish() {
        let entries = [Fixtures.entry(id: 12, label: "long enough to be cut at forty columns wide"), Fixtures.entry(id: 3)]
        let pieces = Fixtures.pieces(HistoryTableEncoder(display: Fixtures.display, width: 40), entries)
        #expect(pieces.dropLast().allSatisfy { $0.isEmpty })
        let lines = HistoryTable.lines(entries, display: Fixtures.display, width: 40)
        #expect(pieces.last == lines.map { $0 + "\n" }.joined())
        #expect(lines.count == 3)
    }
}
