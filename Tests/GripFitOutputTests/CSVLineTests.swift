import GripFitOutput
import Testing

struct CSVLineTests {
    /// "," + U+0301 is one Character: a Character comparison would leave it unquoted, and a reader
    /// working on bytes would see an extra field.
    @Test func aSeparatorFollowedByACombiningMarkIsQuotedAndReadBack() throws {
        let fields = ["a,\u{301}b", "\"\u{301}", "plain"]
        let line = CSVLine.join(fields)
        #expect(line == "\"a,\u{301}b\",\"\"\"\u{301}\",plain")
        #expect(line.utf8.split(separator: UInt8(ascii: ",")).count == 4)
        #expect(CSVLine.split(Substring(line)) == fields)
    }

    @Test func formulaStartsBecomeTextAndReadBackExactly() {
        for field in ["=HYPERLINK(\"x\")", "+1", "-2+3", "@SUM(A1)", "\tx", "'=x", "'plain"] {
            let text = CSVLine.text(field)
            #expect(text.unicodeScalars.first == "'")
            #expect(CSVLine.untext(text) == field)
        }
        #expect(CSVLine.text("GRIPFIT 1.0") == "GRIPFIT 1.0")
    }

    @Test func anOpenQuoteIsNil() {
        #expect(CSVLine.split("\"abc") == nil)
    }
}
