import Testing

@testable import GripFitCLI

/// `report -o`'s file name picks what is written: .html the page, .pdf the page printed.
struct ReportFormatTests {
    @Test func theNamesEndPicksTheFormatInAnyCase() {
        #expect(ReportFormat(path: "A2.pdf") == .pdf)
        #expect(ReportFormat(path: "out/A2.PDF") == .pdf)
        #expect(ReportFormat(path: "A2.html") == .html)
        #expect(ReportFormat(path: "A2.Html") == .html)
    }

    @Test func anyOtherNameIsNoFormat() {
        #expect(ReportFormat(path: "A2.htm") == nil)
        #expect(ReportFormat(path: "A2.pdf.txt") == nil)
        #expect(ReportFormat(path: "pdf") == nil)
    }
}
