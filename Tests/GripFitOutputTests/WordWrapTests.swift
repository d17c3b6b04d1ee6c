import GripFitOutput
import Testing

/// Prose broken at spaces to a terminal's width in display columns, never wider.
struct WordWrapTests {
    @Test func aLineThatFitsStaysWhole() {
        #expect(WordWrap.lines("short enough", width: 40) == ["short enough"])
    }

    @Test func aLongLineBreaksBetweenWordsWithItsContinuationsIndented() {
        #expect(WordWrap.lines("one two three four five", width: 10) == ["one two", "  three", "  four", "  five"])
    }

    @Test func aWordWiderThanTheRoomIsCut() {
        let lines = WordWrap.lines("abcdefghijklmnop", width: 8)
        #expect(lines.allSatisfy { TerminalText.columns($0) <= 8 })
        #expect(lines.joined() == "abcdefghijklmnop")
    }
}
