/// The sheet the page is laid out for: clinics print on A4, in North America on Letter.
public enum ReportPaper: String, CaseIterable, Sendable {
    case a4
    case letter

    /// CSS `@page size`, which Chromium's print-to-PDF follows.
    var cssSize: String {
        switch self {
        case .a4: "A4"
        case .letter: "letter"
        }
    }
}
