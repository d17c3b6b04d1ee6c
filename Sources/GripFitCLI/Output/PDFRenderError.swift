import GripFitOutput

/// Why a report did not become a PDF, each with the fix and the exit code a script can act on. Paths
/// stay raw here and are escaped once, in the message.
enum PDFRenderError: Error, Equatable, CustomStringConvertible, Sendable {
    /// No Chromium on PATH: the package to install is named.
    case rendererMissing(searched: [String])
    /// `-o` cannot be written: the path and the errno text.
    case cannotWrite(path: String, reason: String)
    /// The private temporary directory for the page could not be made or written.
    case temporaryFiles(reason: String)
    /// The renderer ran but gave no PDF (crash, bad exit, output not starting with %PDF).
    case renderFailed(renderer: String, reason: String)
    /// The renderer did not finish in time and was stopped.
    case timedOut(renderer: String, seconds: Int)

    var description: String {
        switch self {
        case .rendererMissing(let searched):
            "no PDF renderer: none of \(searched.joined(separator: ", ")) is on PATH. "
                + "Install Chromium (sudo apt-get install chromium), or write the page as HTML with -o FILE.html."
        case .cannotWrite(let path, let reason):
            "cannot write the report to \(UntrustedText.escaped(path)): \(reason). Choose a writable path with -o."
        case .temporaryFiles(let reason):
            "cannot prepare the page for the PDF renderer: \(reason). Check TMPDIR (or /tmp) is writable."
        case .renderFailed(let renderer, let reason):
            "\(UntrustedText.escaped(renderer)) did not produce a PDF: \(reason). Nothing was written; "
                + "-o FILE.html writes the page without it."
        case .timedOut(let renderer, let seconds):
            "\(UntrustedText.escaped(renderer)) did not finish the PDF within \(seconds) s and was stopped. Nothing was written; try again."
        }
    }

    var status: ExitStatus {
        switch self {
        case .rendererMissing, .renderFailed: .unavailable
        case .cannotWrite, .temporaryFiles: .cannotCreate
        case .timedOut: .temporaryFailure
        }
    }
}
