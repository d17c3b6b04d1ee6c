import GripFitOutput
import Testing

struct XMLTextTests {
    @Test func escapesMarkupAndCharactersXMLCannotCarry() {
        #expect(XMLText.escaped("<b>\"a\" & 'b'</b>") == "&lt;b&gt;&quot;a&quot; &amp; &apos;b&apos;&lt;/b&gt;")
        #expect(XMLText.escaped("\u{1B}x") == "\\u{1b}x")
        #expect(XMLText.escaped("\u{FFFF}") == "\\u{ffff}")
    }

    /// `<` + U+0301 is one Character; compared as Characters it would slip through as markup.
    @Test func aMarkupCharacterFollowedByACombiningMarkIsStillEscaped() {
        #expect(XMLText.escaped("<\u{301}svg onload=x>") == "&lt;\u{301}svg onload=x&gt;")
        #expect(XMLText.escaped("\"\u{301} x=\"") == "&quot;\u{301} x=&quot;")
    }
}
