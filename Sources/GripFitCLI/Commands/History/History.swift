import ArgumentParser
import Glibc
import GripFitCore
import GripFitLive
import GripFitOutput
import GripFitRecords
import GripFitStore

/// `gripfit-serial history`: the saved sessions, newest first.
struct History: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List saved sessions.",
        discussion: """
            Sessions are listed newest first, one row each. The table shows local times with \
            their UTC offset; CSV and JSON carry RFC 3339 UTC. \
            Sessions recorded before their device was calibrated are shown with the device's \
            current calibration (the calibration column says "later"). The table fits the terminal \
            (80 columns in a pipe): on a narrow one the date loses its seconds, then station, mean, \
            duration, reps and hand are left out, and a long label is cut with "..."; CSV and JSON carry everything.

            CSV columns, one row per session (force columns in the --unit, empty for an \
            uncalibrated session, whose peak is in peak_raw): id, start, device, firmware, \
            bridge, hand, label, protocol, trial, unit, peak_kg, mean_kg, time_to_peak_s, \
            peak_rfd_kg_per_s, impulse_kg_s, reps, duration_s, calibration, peak_raw, then the \
            figures added since and the tags: subject, assessment (A<n>), attempt, flag (why \
            the attempt does not count), station. The table has a subject column when a session has \
            one, and a station column when a session records its station.

            On a terminal the table shows the newest screenful and says how many sessions it left \
            out; --limit N shows the newest N, --all every one. In a pipe, and as CSV or JSON, \
            every session is listed unless --limit is given. --since and --until take a date or \
            an RFC 3339 time; --until is exclusive, so `--since 2026-11-01 --until 2026-12-01` is November.

            Examples:
              gripfit-serial history
              gripfit-serial history --since 2026-11-01 --unit lb
              gripfit-serial history --format csv > sessions.csv
              gripfit-serial history --json --device ble:C0:FF:EE:00:00:01
              gripfit-serial history --subject P017
              gripfit-serial history --station room-a --until 2026-12-01 --all
              gripfit-serial history --assessments --format csv

            --assessments lists guided-protocol assessments instead (ids A<n>, for `show A<n>`), with \
            per hand best, mean, population SD and CV of the counted trials, the left/right \
            difference and the dominance ratio, computed from the stored attempts.

            `history sync` pushes the sessions this station saved while the history server was \
            away; `history copy --to` copies the whole history to another one.
            """,
        subcommands: [HistorySync.self, HistoryCopy.self]
    )

    @Option(help: "table, csv (one row per session) or json.")
    var format: HistoryFormat = .table

    @Flag(help: "Same as --format json.")
    var json = false

    @Option(help: "Only sessions of this device (as `show` prints it, e.g. ble:C0:FF:EE:00:00:01).")
    var device: String?

    @Option(help: ArgumentHelp("Only sessions from this time on: 2026-11-01 or 2026-11-01T08:00:00Z.", valueName: "time"))
    var since: String?

    @Option(help: ArgumentHelp("Only sessions before this time (exclusive), as --since takes it.", valueName: "time"))
    var until: String?

    @Option(help: "Only sessions (or assessments) of this subject, by code.")
    var subject: String?

    @Option(help: ArgumentHelp("Only sessions recorded at this station (its host name unless the config names it).", valueName: "name"))
    var station: String?

    /// Parsed unconditionally, so `--limit -3` reaches the range check instead of "Missing value".
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Only the newest N sessions (default: a screenful on a terminal, all otherwise).", valueName: "N"),
        transform: { text in
            guard let limit = Int(text), limit >= 1 else {
                throw ValidationError("--limit takes a whole number of sessions from 1 up; --all lists every one.")
            }
            return limit
        }
    )
    var limit: Int?

    @Flag(help: "Every session, however many (the table on a terminal otherwise shows a screenful).")
    var all = false

    @Flag(help: "List assessments (guided-protocol runs, ids A<n>) instead of sessions.")
    var assessments = false

    @OptionGroup var unitOption: UnitOption
    var unit: ForceUnit { unitOption.resolved }

    init() {}

    func validate() throws {
        for (name, value) in [("--since", since), ("--until", until)] {
            if let value, Timestamp.parse(value) == nil {
                let form = "an RFC 3339 date or time such as 2026-11-01, 2026-11-01T08:00:00Z or 2026-11-01T09:00:00+01:00"
                if let problem = RFC3339.problem(value) {
                    throw ValidationError("\(name) \(UntrustedText.escaped(value)) is not a time: \(problem). Give \(form).")
                }
                throw ValidationError("\(name) takes \(form) (years 0000 to 9999, at most 9 fraction digits).")
            }
        }
        if let since, let until, let start = Timestamp.parse(since), let end = Timestamp.parse(until), start >= end {
            throw ValidationError(
                "--since \(since) is not before --until \(until) (which is exclusive), so no session could match; "
                    + "swap them, or give a later --until."
            )
        }
        if all, limit != nil { throw ValidationError("--all and --limit disagree; pick one.") }
        if json, format != .table, format != .json { throw ValidationError("--json and --format \(format) disagree; pick one.") }
        if assessments, device != nil || since != nil || until != nil || station != nil || limit != nil || all {
            throw ValidationError("--device, --since, --until, --station, --limit and --all list sessions, not --assessments.")
        }
    }

    @OptionGroup var historyOption: HistoryOption

    func run() throws {
        let here = Station()
        let (store, damage) = try here.historyToRead(historyOption)
        try list(
            store,
            damage: damage,
            calibrations: here.calibrations,
            width: UsageLine.terminalWidth,
            screenRows: StandardOutput.isTerminal ? Self.terminalRows : nil,
            to: StandardStreams()
        )
    }

    /// The terminal's rows (TIOCGWINSZ on stdout, as ``UsageLine/terminalWidth`` reads its columns); 24 when it does not say.
    private static var terminalRows: Int {
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 { return Int(size.ws_row) }
        return 24
    }

    /// The lines around the rows of a screenful: the header, the line saying it was cut, and the shell's prompt after it.
    static let screenMargin = 3

    /// How many sessions to list: --limit, else every one with --all, in CSV or JSON or in a pipe
    /// (`screenRows` nil), else the rows of a screenful.
    func sessionLimit(screenRows: Int?) -> Int? {
        if let limit { return limit }
        guard !all, !json, format == .table, let screenRows else { return nil }
        return max(screenRows - Self.screenMargin, 1)
    }

    /// The sessions the options pick, with the limit `screenRows` gives.
    func filter(screenRows: Int?) -> SessionFilter {
        SessionFilter(
            device: device,
            subject: subject,
            station: station,
            since: since.flatMap(Timestamp.parse),
            until: until.flatMap(Timestamp.parse),
            limit: sessionLimit(screenRows: screenRows)
        )
    }

    /// The work of ``run()`` on an opened history, so a test can read what it writes without a launch (issue 21).
    /// `screenRows` is the terminal's height when stdout is one: the table then shows a screenful.
    func list(
        _ store: any SessionHistory,
        damage: StoreError?,
        calibrations: CalibrationBook,
        width: Int,
        screenRows: Int? = nil,
        to sink: some CommandOutput
    ) throws {
        if assessments {
            try listAssessments(store, to: sink)
            if let damage { throw damage }
            return
        }
        let filter = filter(screenRows: screenRows)
        let display = ForceDisplay(calibration: nil, unit: unit)
        let format = json ? .json : self.format
        var entries: [HistoryEntry] = []
        var damaged: [StoreError] = []
        if format == .json {
            damaged = try writeJSON(store, filter: filter, book: try calibrations.all(), display, to: sink)
        } else {
            (entries, damaged) = try HistoryEntry.list(store: store, filter: filter, calibrations: calibrations)
        }
        // Each damaged session is named; the last problem becomes the exit status (65).
        let problems = damaged + [damage].compactMap { $0 }
        defer {
            for problem in problems.dropLast() { sink.error("gripfit-serial: \(problem)") }
        }
        switch format {
        case .json:
            break
        case .csv:
            guard sink.line(CSVLine.join(csvHeader)) else { return }
            for entry in entries {
                guard sink.line(CSVLine.join(csvFields(entry, display))) else { return }
            }
        case .table:
            guard !entries.isEmpty else {
                if problems.isEmpty { sink.line(try emptyNotice(store: store, since: filter.since)) }
                break
            }
            table(entries, display, width: width, to: sink)
            if let limit = filter.limit, entries.count + damaged.count >= limit {
                let total = try store.count(filter)
                if total > limit {
                    sink.line("showing the newest \(Self.grouped(limit)) of \(Self.grouped(total)) sessions; --all or --limit N for more")
                }
            }
        }
        if let last = problems.last { throw last }
    }

    /// The size of the pieces `--json` is written in, so a long history is neither one string in memory nor a write per row.
    static let jsonChunk = 64 * 1024

    /// One JSON array of ``SessionJSON/row(_:display:)``, on one line, written in chunks as the
    /// history hands the rows over (``SessionHistory/eachEntry(_:book:_:)``), so memory stays one
    /// chunk's whatever the history's length. Returns the sessions that did not read.
    private func writeJSON(
        _ store: any SessionHistory,
        filter: SessionFilter,
        book: [StoredCalibration],
        _ display: ForceDisplay,
        to sink: some CommandOutput
    ) throws(StoreError) -> [StoreError] {
        var chunk: [UInt8] = [UInt8(ascii: "[")]
        chunk.reserveCapacity(Self.jsonChunk + 4096)
        var damaged: [StoreError] = []
        var written = 0
        var open = true
        try store.eachEntry(filter, book: book) { found in
            let entry: HistoryEntry
            switch found {
            case .failure(let error):
                damaged.append(error)
                return true
            case .success(let found):
                entry = found
            }
            if written > 0 { chunk.append(UInt8(ascii: ",")) }
            written += 1
            SessionJSON.row(entry, display: display).write(to: &chunk)
            if chunk.count >= Self.jsonChunk {
                open = sink.write(String(decoding: chunk, as: UTF8.self))
                chunk.removeAll(keepingCapacity: true)
            }
            return open
        }
        guard open else { return damaged }
        chunk += Array("]\n".utf8)
        sink.write(String(decoding: chunk, as: UTF8.self))
        return damaged
    }

    private func listAssessments(_ store: any SessionHistory, to sink: some CommandOutput) throws {
        let listed = AssessmentListing.views(try store.assessments(subject: subject), subjects: try store.subjects())
        switch json ? .json : format {
        case .json:
            sink.line("[" + listed.map { AssessmentListing.json($0, unit: unit).text }.joined(separator: ",") + "]")
        case .csv:
            guard sink.line(CSVLine.join(AssessmentListing.csvHeader)) else { return }
            for view in listed {
                guard sink.line(CSVLine.join(AssessmentListing.csvFields(view, unit: unit))) else { return }
            }
        case .table:
            for line in AssessmentListing.table(listed, unit: unit) {
                guard sink.line(line) else { return }
            }
        }
    }

    /// Why the table is empty, and what to type instead: no sessions at all, none of this device
    /// (naming the devices there are), or none since `--since`.
    private func emptyNotice(store: any SessionHistory, since: Int64?) throws -> String {
        let all = try store.list().rows
        if let device, !all.isEmpty, !all.contains(where: { $0.device == device }) {
            let counts = Dictionary(grouping: all, by: \.device).map { (device: $0.key, sessions: $0.value.count) }
                .sorted { $0.device < $1.device }
            let named = counts.prefix(5).map { "\(UntrustedText.escaped($0.device)) (\($0.sessions))" }.joined(separator: ", ")
            let more = counts.count > 5 ? " and \(counts.count - 5) more" : ""
            return "No sessions for device \(UntrustedText.escaped(device)). The history holds \(all.count) "
                + "session\(all.count == 1 ? "" : "s"), of these devices: \(named)\(more). `gripfit-serial history --format csv` "
                + "shows each session's device."
        }
        guard let since, !all.isEmpty else { return "No sessions yet. Record one with `gripfit-serial record`." }
        let future = since > Timestamp.now() ? " (that is in the future)" : ""
        return "No sessions since \(LocalTime.text(milliseconds: since))\(future); `gripfit-serial history` without --since lists them all."
    }

    /// 1234567 as 1,234,567.
    static func grouped(_ number: Int) -> String {
        let digits = Array(String(number.magnitude))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return (number < 0 ? "-" : "") + text
    }

    private func table(_ entries: [HistoryEntry], _ display: ForceDisplay, width: Int, to sink: some CommandOutput) {
        for line in HistoryTable.lines(entries, display: display, width: width) {
            guard sink.line(line) else { return }
        }
    }

    private var csvHeader: [String] {
        let u = unit.rawValue
        return [
            "id", "start", "device", "firmware", "bridge", "hand", "label", "protocol", "trial", "unit", "peak_\(u)", "mean_\(u)",
            "time_to_peak_s", "peak_rfd_\(u)_per_s", "impulse_\(u)_s", "reps", "duration_s", "calibration", "peak_raw",
        ] + SummaryField.all.filter(\.isExtra).map { $0.key + Self.suffix($0.kind, unit: u) } + TagField.all.map(\.key) + ["station"]
    }

    /// A column's unit, as the header names it.
    private static func suffix(_ kind: SummaryField.Kind, unit: String) -> String {
        switch kind {
        case .force: "_\(unit)"
        case .rate: "_\(unit)_per_s"
        case .impulse: "_\(unit)_s"
        case .seconds: "_s"
        case .count: ""
        }
    }

    private func csvFields(_ entry: HistoryEntry, _ display: ForceDisplay) -> [String] {
        let row = entry.row
        let summary = row.summary
        func force(_ value: Double) -> String {
            row.calibrated ? display.convert(stored: value, calibrated: true).formatted(decimals: 3) : ""
        }
        let extras = SummaryField.all.filter(\.isExtra).map { field in
            let value = field.value(summary)
            return switch field.kind {
            case .force, .rate, .impulse: force(value)
            case .seconds: value.formatted(decimals: 3)
            case .count: String(Int(value))
            }
        }
        return [
            String(row.id), Timestamp.rfc3339(milliseconds: row.startedAtMilliseconds), CSVLine.text(row.device),
            DeviceText(row.firmware ?? "").csv, DeviceText(row.bridgeVersion ?? "").csv, row.hand?.rawValue ?? "",
            CSVLine.text(row.label ?? ""), CSVLine.text(row.protocolName ?? ""),
            row.trial.map(String.init) ?? "", row.calibrated ? unit.rawValue : "raw", force(summary.peak), force(summary.mean),
            summary.timeToPeak.formatted(decimals: 3), force(summary.peakRFD), force(summary.impulse), String(row.repCount),
            summary.duration.formatted(decimals: 3), entry.calibrationSource, row.calibrated ? "" : summary.peak.formatted(decimals: 0),
        ] + extras + TagField.all.map { CSVLine.text($0.text(row.tags) ?? "") } + [CSVLine.text(row.station ?? "")]
    }
}
