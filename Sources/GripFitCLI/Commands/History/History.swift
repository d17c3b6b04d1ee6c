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
        if let subject { here.audit(store).record(.history, subjects: [subject], detail: assessments ? "assessments" : "sessions") }
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
        let format = json ? .json : self.format
        var encoder = format.encoder(display: ForceDisplay(calibration: nil, unit: unit), width: width)
        var entries: [HistoryEntry] = []
        var damaged: [StoreError] = []
        switch format {
        case .json:
            damaged = try writeStreamed(store, filter: filter, book: try calibrations.all(), with: &encoder, to: sink)
        case .csv, .table:
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
            guard Self.write(entries, with: &encoder, to: sink) else { return }
        case .table:
            guard !entries.isEmpty else {
                if problems.isEmpty { sink.line(try emptyNotice(store: store, since: filter.since)) }
                break
            }
            Self.write(entries, with: &encoder, to: sink)
            if let limit = filter.limit, entries.count + damaged.count >= limit {
                let total = try store.count(filter)
                if total > limit {
                    sink.line("showing the newest \(Self.grouped(limit)) of \(Self.grouped(total)) sessions; --all or --limit N for more")
                }
            }
        }
        if let last = problems.last { throw last }
    }

    /// The size of the pieces the listing is written in, so a long history is neither one string in memory nor a write per row.
    static let jsonChunk = 64 * 1024

    /// `--json`: the entries through `encoder` as the history hands them over (``SessionHistory/eachEntry(_:book:_:)``),
    /// written in ``jsonChunk`` pieces, so memory stays one chunk's whatever the history's length. Returns the
    /// sessions that did not read.
    private func writeStreamed(
        _ store: any SessionHistory,
        filter: SessionFilter,
        book: [StoredCalibration],
        with encoder: inout any ByteEncoder<HistoryEntry, Never>,
        to sink: some CommandOutput
    ) throws(StoreError) -> [StoreError] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Self.jsonChunk + 4096)
        var damaged: [StoreError] = []
        var open = true
        encoder.begin(into: &bytes)
        try store.eachEntry(filter, book: book) { found in
            switch found {
            case .failure(let error):
                damaged.append(error)
                return true
            case .success(let entry):
                encoder.add(entry, into: &bytes)
                open = Self.flush(&bytes, to: sink)
                return open
            }
        }
        guard open else { return damaged }
        encoder.finish(into: &bytes)
        Self.flush(&bytes, all: true, to: sink)
        return damaged
    }

    /// `entries` through `encoder` whole (begin, each, finish), written in ``jsonChunk`` pieces; false, and
    /// nothing more written, once the reader is gone.
    @discardableResult
    private static func write<Item>(
        _ entries: [Item],
        with encoder: inout any ByteEncoder<Item, Never>,
        to sink: some CommandOutput
    ) -> Bool {
        var bytes: [UInt8] = []
        encoder.begin(into: &bytes)
        for entry in entries {
            encoder.add(entry, into: &bytes)
            guard flush(&bytes, to: sink) else { return false }
        }
        encoder.finish(into: &bytes)
        return flush(&bytes, all: true, to: sink)
    }

    /// Writes `bytes` once they reach a ``jsonChunk`` (whatever there is with `all`) and empties them; false once the reader is gone.
    @discardableResult
    private static func flush(_ bytes: inout [UInt8], all: Bool = false, to sink: some CommandOutput) -> Bool {
        guard all ? !bytes.isEmpty : bytes.count >= jsonChunk else { return true }
        defer { bytes.removeAll(keepingCapacity: true) }
        return sink.write(String(decoding: bytes, as: UTF8.self))
    }

    private func listAssessments(_ store: any SessionHistory, to sink: some CommandOutput) throws {
        let format = json ? .json : self.format
        // The table shows no trial's measures: only CSV and JSON read every attempt's trace for them.
        let listed = try AssessmentListing.views(try store.assessments(subject: subject), subjects: try store.subjects()) {
            try ClinicalViews.traces(of: $0, in: store, measures: format != .table)
        }
        var encoder = format.assessmentEncoder(unit: unit)
        Self.write(listed, with: &encoder, to: sink)
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
}
