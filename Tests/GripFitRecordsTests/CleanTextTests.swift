import GripFitRecords
import Testing

struct CleanTextTests {
    /// No history holds a NUL in text: cutting there lost what followed it (issue 38).
    @Test func deviceTextKeepsWhatFollowsANul() {
        #expect(CleanText.device("1.0-red\u{8}\u{0}\u{7F}\u{85}end") == "1.0-red\u{8}\u{2400}\u{7F}\u{85}end")
        #expect(CleanText.device("\u{0}") == "\u{2400}")
        #expect(CleanText.device("") == nil)
    }

    /// Bounded in scalars, so a long run of combining marks on one character is bounded too.
    @Test func deviceTextIsBoundedInScalars() {
        let long = "1" + String(repeating: "\u{301}", count: 1_000)
        #expect(CleanText.device(long)?.unicodeScalars.count == CleanText.maximumLength)
        #expect(CleanText.clean(long)?.unicodeScalars.count == CleanText.maximumLength)
    }

    @Test func otherTextHasItsControlsAsSpaces() {
        #expect(CleanText.clean("std\u{1B}[2J\u{202E}x\u{0}") == "std [2J x ")
        #expect(CleanText.clean("") == nil)
    }

    /// What `record --label` refuses rather than changing without a word (issue 33): only text kept whole passes.
    @Test func refusalNamesWhatCleaningWouldChange() {
        #expect(CleanText.refusal(String(repeating: "x", count: 200)) == nil)
        #expect(CleanText.refusal(String(repeating: "x", count: 201)) == "has 201 characters: keep it to 200")
        #expect(CleanText.refusal("red\u{1B}[2J")?.hasPrefix("holds U+001B, a control character") == true)
        #expect(CleanText.refusal("a\u{202E}b")?.hasPrefix("holds U+202E, a control character") == true)
        for text in ["visit 3", "Grüße, 握力", ""] {
            #expect(CleanText.refusal(text) == nil && (CleanText.clean(text) ?? "") == text)
        }
    }
}
