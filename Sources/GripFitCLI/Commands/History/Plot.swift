import ArgumentParser
import Foundation
import GripFitCore
import GripFitLive
import GripFitOutput
import GripFitRecords
import GripFitStore

/// `gripfit-serial plot <id> -o FILE.svg`.
struct Plot: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Draw a saved session as an SVG: force over time, reps shaded, peak marked.",
        discussion: """
            The title gives the start in local time with its UTC offset. A session recorded before \
            its device was calibrated is drawn with the device's current calibration, named in the title. \
            Reps are shaded, link gaps marked and the peak labelled. Only SVG is written, so -o takes \
            a .svg file or - (-o x.png is refused, exit 64); for a PNG, convert it as below.

            Examples:
              gripfit-serial plot 3 -o session3.svg --unit lb
              gripfit-serial plot 3 -o - | rsvg-convert -o session3.png
            """
    )

    @Argument(help: "The session's name (s-XXXX) or id, from `gripfit-serial history`.")
    var id: String

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp("The SVG file to write; - for standard output.", valueName: "file"),
        completion: .file()
    )
    var output: String

    @OptionGroup var unitOption: UnitOption
    var unit: ForceUnit { unitOption.resolved }

    init() {}

    func validate() throws {
        _ = try RecordName.session(id)
        // Only SVG is drawn: a `.png` holding SVG would fail in whatever opens it later.
        if output != "-", URL(fileURLWithPath: output).pathExtension.lowercased() != "svg" {
            throw ValidationError(
                "plot writes SVG, so -o takes a .svg file (or - for stdout); got \(UntrustedText.escaped(output)). For a PNG, "
                    + "convert the SVG: `gripfit-serial plot \(id) -o - | rsvg-convert -o plot.png`."
            )
        }
    }

    @OptionGroup var historyOption: HistoryOption

    func run() throws {
        try run(station: Station(), to: StandardStreams())
    }

    /// The whole command on `station`'s history, the destination checked first: tests run it
    /// in-process (issue 32).
    func run(station: Station, to sink: some CommandOutput) throws {
        if output != "-" { try PrivateFiles.checkWritable(output) }
        let (store, damage) = try station.historyToRead(historyOption)
        try plot(store, damage: damage, calibrations: station.calibrations, to: sink, audit: station.audit(store))
    }

    /// The work of ``run()`` on an opened history, so a test can read what it writes without a launch (issue 21).
    func plot(
        _ store: any SessionHistory,
        damage: StoreError?,
        calibrations: CalibrationBook,
        to sink: some CommandOutput,
        audit: AuditTrail? = nil
    ) throws {
        let named = try RecordName.session(id).id(in: store)
        let (session, later) = try HistoryEntry.presented(try store.session(id: named), calibrations: calibrations)
        audit?.record(.session(.plot, session, detail: output == "-" ? "svg to standard output" : "svg to a file"))
        let svg = ForcePlot().svg(session, display: ForceDisplay(calibration: session.calibration, unit: unit), later: later)
        if output == "-" {
            // A closed pipe (`| head`) ends quietly, as for every command that writes to stdout.
            _ = sink.write(svg)
            if let damage { throw damage }
            return
        }
        try PrivateFiles.write(Array(svg.utf8), to: output)
        sink.error("wrote \(output)")
        if let damage { throw damage }
    }
}
