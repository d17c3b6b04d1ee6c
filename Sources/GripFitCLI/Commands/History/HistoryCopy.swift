import ArgumentParser
import Glibc
import GripFitRecords
import GripFitStore

/// `gripfit-serial history copy --to LOCATION`: a whole history moved to another backend.
struct HistoryCopy: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "copy",
        abstract: "Copy the whole history (subjects, assessments, sessions) to another one.",
        discussion: """
            Reads the history chosen (--history, GRIPFIT_HISTORY, config.toml, else this station's \
            file) in batches of 500 sessions and files each batch in one transaction at the \
            destination, so memory stays flat whatever the history's size. A session the \
            destination holds already (same device, start time and readings) is skipped and \
            counted: a copy run twice, or after an interrupted one, copies only what is missing. \
            On a terminal, the progress is shown on stderr.

            Examples:
              gripfit-serial history copy --to postgresql://gripfit@db.clinic/gripfit
              gripfit-serial history copy --history postgresql://db/gf --to backup.sqlite
            """
    )

    @Option(
        name: .customLong("to"),
        help: ArgumentHelp("Where to copy to: postgresql://USER@HOST/DATABASE, sqlite:PATH or PATH.", valueName: "location")
    )
    var destination: String

    @OptionGroup var historyOption: HistoryOption

    func validate() throws {
        if case .failure(let refusal) = HistoryLocation.parse(destination) { throw ValidationError("--to: \(refusal).") }
    }

    func run() throws {
        try run(station: Station(), to: StandardStreams(), showsProgress: isatty(STDERR_FILENO) == 1)
    }

    /// The work of ``run()`` at `station`, said on `sink`; the progress drawn on stderr when `showsProgress` (a terminal).
    func run(station: Station, to sink: some CommandOutput, showsProgress: Bool) throws {
        guard case .success(let destination) = HistoryLocation.parse(destination) else { return }
        let source = try station.location(historyOption)
        let progress = showsProgress ? Self.showProgress : nil
        sink.line(try Self.copy(from: source, to: destination, openServer: station.openServer, progress: progress, audit: station.audit))
    }

    /// The work of ``run()``: the counts to print. `openServer` opens a server's history (the station's, or a test's).
    static func copy(
        from source: HistoryLocation,
        to destination: HistoryLocation,
        openServer: Station.ServerOpener,
        progress: ((Int, Int) -> Void)? = nil,
        audit: ((any SessionHistory) -> AuditTrail)? = nil
    ) throws -> String {
        guard !same(source, destination) else {
            throw CLIFailure(
                "--to \(destination) is the history being copied. Name another one, or choose the source with --history.",
                status: .usage
            )
        }
        let from = try Station.openDirect(source, openServer: openServer)
        try from.checkIntegrity()
        let to = try Station.openDirect(destination, openServer: openServer)
        let outcome = try HistoryTransfer.copy(from: from, to: to, progress: progress ?? { _, _ in })
        if progress != nil { StandardOutput.error("") }
        let erased = outcome.erased == 0 ? "" : "; \(outcome.erased) of subjects forgotten there not copied"
        let said = "copied \(outcome.added), skipped \(outcome.skipped) already there" + erased
        // Both histories record it: one gave its data away, the other took it in.
        audit?(from).record(.copy, detail: "to \(to.location): \(said)")
        audit?(to).record(.copy, detail: "from \(from.location): \(said)")
        return said
    }

    /// One file under two names (a link, `./`) is the same history.
    private static func same(_ one: HistoryLocation, _ other: HistoryLocation) -> Bool {
        guard case .sqlite(let path) = one, case .sqlite(let otherPath) = other else { return one == other }
        return realPath(path) == realPath(otherPath)
    }

    private static func realPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// "copied 12,000 of 100,000 sessions", redrawn in place on stderr.
    private static func showProgress(_ done: Int, _ total: Int) {
        let line = "\r\u{1B}[2Kcopied \(grouped(done)) of \(grouped(total)) sessions"
        _ = line.utf8CString.withUnsafeBufferPointer { Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count - 1) }
    }

    private static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return number < 0 ? "-" + text : text
    }
}
