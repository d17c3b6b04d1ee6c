/// What `report -o FILE` writes, named by the file: the page itself, or the page printed to PDF by
/// Chromium (``PDFRenderer``). One case per kind of file, so a new one is a case a switch must meet.
enum ReportFormat: Sendable, CaseIterable {
    case html
    case pdf

    /// The format `path`'s name ends in (.html or .pdf, any case); nil for any other name.
    init?(path: String) {
        let name = path.lowercased()
        guard let format = Self.allCases.first(where: { name.hasSuffix($0.suffix) }) else { return nil }
        self = format
    }

    var suffix: String {
        switch self {
        case .html: ".html"
        case .pdf: ".pdf"
        }
    }
}
