import Testing

@testable import GripFitOutput

@Suite struct UntrustedTextTests {
    @Test func controlCharactersBecomeVisibleEscapes() {
        let escaped = UntrustedText.escaped("\u{1B}[2J\u{1B}]0;pwned\u{07}ZAP\r\u{9B}x")
        #expect(escaped == "\\x1B[2J\\x1B]0;pwned\\x07ZAP\\x0D\\xC2\\x9Bx" || escaped == "\\x1B[2J\\x1B]0;pwned\\x07ZAP\\x0D\\x9Bx")
        #expect(!escaped.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    }

    @Test func invalidUTF8BytesAreShownAsHex() {
        #expect(UntrustedText.escaped([0xFF, 0x41, 0xC3]) == "\\xFFA\\xC3")
    }

    /// The backslash is escaped too, so histories stored escaped can be read back exactly.
    @Test func unescapedUndoesEscaped() {
        let texts = [
            "", "plain", "a\\b", "\\x1B", "\u{1B}[2J\u{9B}\u{2028}\u{202E}\\", "1.0\u{7F}\\u{41}", "ß\u{1}\u{1F}x",
        ]
        for text in texts { #expect(UntrustedText.unescaped(UntrustedText.escaped(text)) == text) }
        // A backslash that starts no escape, or one cut short, is kept.
        #expect(UntrustedText.unescaped("a\\qb\\x1") == "a\\qb\\x1")
        #expect(UntrustedText.unescaped("\\u{zz}\\x1b") == "\\u{zz}\\x1b")
    }

    @Test func ordinaryTextIsUnchanged() {
        #expect(UntrustedText.escaped("GripFit ß 1.0") == "GripFit ß 1.0")
        #expect(UntrustedText.escaped("a\\b") == "a\\\\b")
    }

    @Test func bidiOverridesAreEscaped() {
        #expect(UntrustedText.escaped("a\u{202E}b") == "a\\u{202e}b")
    }
}
