import GripFitOutput
import Testing

struct JSONStringTests {
    @Test func escapesPerScalar() {
        #expect(JSONString.quoted("a\"b\\c\n\u{01}") == #""a\"b\\c\n\u0001""#)
        #expect(JSONString.quoted("\"\u{301}") == "\"\\\"\u{301}\"")
        #expect(JSONString.quoted("\u{2028}\u{7F}") == #""\u2028\u007f""#)
    }

    @Test func appendsTheLiteralAfterWhatTheBufferHolds() {
        let cases: [(String, String)] = [
            ("plain", #""plain""#), ("", #""""#), ("a\"b\\c\n\u{01}", #""a\"b\\c\n\u0001""#),
            ("e\u{301}", "\"e\u{301}\""), ("\u{2028}\u{7F}", #""\u2028\u007f""#), ("grip 💪", "\"grip 💪\""),
        ]
        for (text, literal) in cases {
            var bytes: [UInt8] = [0x2C]
            JSONString.append(text, to: &bytes)
            #expect(bytes == [0x2C] + Array(literal.utf8), "\(text)")
        }
    }
}
