import GripFitOutput
import Testing

@testable import GripFitLive

/// `history --json`: one array on one line, each session's row appended as it comes.
struct HistoryJSONEncoderTests {
    typealias Fixtures = HistoryEncoderFixtures

    @Test func eachRowIsWrittenAsItComesBetweenTheBrackets() {
        let entries = [Fixtures.entry(id: 2), Fixtures.entry(id: 1)]
        let rows = entries.map { SessionJSON.row($0, display: Fixtures.display).text }
        let pieces = Fixtures.pieces(HistoryJSONEncoder(display: Fixtures.display), entries)
        #expect(pieces == ["[", rows[0], "," + rows[1], "]\n"])
    }

    @Test func noSessionIsAnEmptyArray() {
        #expect(Fixtures.pieces(HistoryJSONEncoder(display: Fixtures.display), []).joined() == "[]\n")
    }
}
