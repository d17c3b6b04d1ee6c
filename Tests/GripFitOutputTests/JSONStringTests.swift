import GripFitOutput
import Testing

struct JSONStringTests {
    @Test func escapesPerScalar() {
        #expect(JSONString.quoted("a\"b\\c\n\u{01}") == #""a\"b\\c\n\u0001""#)
        #expect(JSONString.quoted("\"\u{301}") == "\"\\\"\u{301}\"")
        #expect(JSONString.quoted("\u{2028}\u{7F}") == #""\u2028\u007f""#)
    }
}
