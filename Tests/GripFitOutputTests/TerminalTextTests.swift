import GripFitOutput
import Testing

struct TerminalTextTests {
    @Test func noticesSplitToFit() {
        #expect(TerminalText.fit("abcdefghij", width: 5) == ["abcd", "efgh", "ij"])
        #expect(TerminalText.fit("漢字漢字", width: 5) == ["漢字", "漢字"])
        #expect(TerminalText.fit("", width: 40) == [""])
    }

    /// Wide characters count two columns; the box and block characters the live view draws, one.
    @Test func wideCharactersCountTwoColumns() {
        #expect(TerminalText.columns("abc") == 3)
        #expect(TerminalText.columns("漢字") == 4)
        #expect(TerminalText.columns("▁█●–") == 4)
    }
}
