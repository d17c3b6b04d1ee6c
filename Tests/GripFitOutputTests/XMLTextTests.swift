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

    /// Each bidi control, as the terminal's escaping shows it; a scalar beside them is kept.
    @Test func bidiControlsBecomeVisibleSoTheyCannotReorderTheText() throws {
        #expect(XMLText.escaped("1.0\u{202E})kg 0.99\u{202C}") == "1.0\\u{202e})kg 0.99\\u{202c}")
        for value: UInt32 in [0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069] {
            let scalar = try #require(Unicode.Scalar(value))
            #expect(XMLText.escaped(String(scalar)) == "\\u{" + String(value, radix: 16) + "}")
            #expect(UntrustedText.escaped(String(scalar)) == XMLText.escaped(String(scalar)))
        }
        #expect(XMLText.escaped("\u{5D0}\u{301}") == "\u{5D0}\u{301}")
    }
}
