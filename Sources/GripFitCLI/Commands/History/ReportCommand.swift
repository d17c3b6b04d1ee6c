import ArgumentParser
import Foundation
import GripFitClinical
import GripFitRecords
import GripFitStore

/// `gripfit-serial report A<n> -o FILE.pdf|FILE.html`: one assessment as a printable page.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write an assessment's printable report (PDF or HTML).",
        discussion: """
            One page: the subject's code, age band, sex and dominant hand; the device and its \
            calibration; each hand's trials, best, mean, population SD and CV; the left/right \
            difference; the Dodds 2014 centile and z-score of the best trial of either hand on the \
            centile chart of the subject's sex (or what is missing for one); the EWGSOP2 \
            comparison; earlier assessments of the same subject. Information, never a diagnosis \
            (see docs/clinic.md, "Clinical meaning"). An uncalibrated device's assessment gets a page that \
            says why it has no forces and no norm. The file is written 0600: it is health data.
            The PDF is printed by headless Chromium; FILE.html needs nothing beside gripfit-serial. \
            An unknown A<n> exits 66, an -o that cannot be written 73 (before Chromium starts).

            Examples:
              gripfit-serial report A2 -o A2.pdf
              gripfit-serial report A2 -o A2.html --paper letter --ewgsop2-women 18
            """
    )

    @Argument(help: "The assessment's name (a-XXXX) or id A<n>, from `gripfit-serial history --assessments`.")
    var id: String

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp("The file to write: its name ends in .pdf or .html.", valueName: "file"),
        completion: .file(extensions: ["pdf", "html"])
    )
    var output: String

    @Option(help: "The sheet the page is laid out for: a4 or letter.")
    var paper: ReportPaper = .a4

    @OptionGroup var clinicalOptions: ClinicalOptions

    init() {}

    func validate() throws {
        _ = try RecordName.assessment(id)
        guard ReportFormat(path: output) != nil else {
            throw ValidationError("-o takes a file name ending in .pdf or .html; got \(output).")
        }
    }

    @OptionGroup var historyOption: HistoryOption

    func run() throws {
        try run(station: Station(), to: StandardStreams())
    }

    /// The whole command on `station`'s history, the destination checked first: tests run it
    /// in-process (issue 32).
    func run(station: Station, to sink: some CommandOutput) throws {
        try PrivateFiles.checkWritable(output)
        let (store, damage) = try station.historyToRead(historyOption)
        let renderer: PDFRenderer? =
            switch ReportFormat(path: output) {
            case .pdf: try PDFRenderer.find(searchPath: station.environment["PATH"])
            case .html, nil: nil
            }
        try report(store, damage: damage, renderer: renderer, to: sink, audit: station.audit(store))
    }

    /// The work of ``run()`` on an opened history; `renderer` prints a .pdf (nil for .html).
    func report(
        _ store: any SessionHistory,
        damage: StoreError?,
        renderer: PDFRenderer?,
        to sink: some CommandOutput,
        audit: AuditTrail? = nil
    ) throws {
        let assessment = try store.assessment(id: try RecordName.assessment(id).id(in: store))
        let view = try ClinicalViews.view(of: assessment, in: store, settings: clinicalOptions.settings())
        let html = ReportHTML.page(view.report(firmware: Self.firmware(of: assessment, in: store)), paper: paper)
        if let renderer {
            try renderer.write(html: html, to: output)
        } else {
            try PrivateFiles.write(Array(html.utf8), to: output)
        }
        audit?.record(.assessment(.report, assessment, detail: renderer == nil ? "html" : "pdf"))
        sink.error("wrote the report of \(assessment.name) to \(output)")
        if let damage { throw damage }
    }

    /// The firmware its first attempt's session reported; a damaged session only leaves it unknown,
    /// since the page says "unknown" rather than fail a report over a version string.
    private static func firmware(of assessment: StoredAssessment, in store: any SessionHistory) -> String? {
        guard let first = assessment.attempts.first else { return nil }
        return (try? store.session(id: first.session))?.versions.firmware
    }
}
