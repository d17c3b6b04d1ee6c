import ArgumentParser
import GripFitCore
import GripFitOutput
import GripFitStore

/// `gripfit-serial history`: the saved sessions, newest first.
public struct History: ParsableCommand {
    public static let configuration = CommandConfiguration(
        abstract: "List saved sessions.",
        discussion: """
            The table shows local times with their UTC offset; CSV and JSON carry RFC 3339 UTC. \
            Sessions recorded before their device was calibrated are shown with the device's \
            current calibration (the calibration column says "later").

            CSV columns, one row per session (force columns in the --unit, empty for an \
            uncalibrated session, whose peak is in peak_raw): id, start, device, firmware, \
            bridge, hand, label, protocol, trial, unit, peak_kg, mean_kg, time_to_peak_s, \
            peak_rfd_kg_per_s, impulse_kg_s, reps, duration_s, calibration, peak_raw.

            Examples:
              gripfit-serial history
              gripfit-serial history --since 2026-11-01 --unit lb
              gripfit-serial history --format csv > sessions.csv
              gripfit-serial history --json --device ble:C0:FF:EE:00:00:01
            """)

    @Option(help: "table, csv (one row per session) or json.")
    public var format: HistoryFormat = .table

    @Flag(help: "Same as --format json.")
    public var json = false

    @Option(help: "Only sessions of this device (as `show` prints it, e.g. ble:C0:FF:EE:00:00:01).")
    public var device: String?

    @Option(help: ArgumentHelp("Only sessions from this time on: 2026-11-01 or 2026-11-01T08:00:00Z.", valueName: "time"))
    public var since: String?

    @Option(help: "Unit for calibrated sessions: kg, lb or N.")
    public var unit: ForceUnit = .kilograms

    public init() {}

    public func validate() throws {
        if let since, Timestamp.parse(since) == nil {
            throw ValidationError(
                "--since takes an RFC 3339 date or time such as 2026-11-01, 2026-11-01T08:00:00Z or "
                    + "2026-11-01T09:00:00+01:00 (years 0000 to 9999, at most 9 fraction digits).")
        }
        if json, format != .table, format != .json { throw ValidationError("--json and --format \(format) disagree; pick one.") }
    }

    /// A row and, when its values come from a calibration made after it, that calibration.
    private typealias Entry = (row: SessionRow, later: StoredCalibration?)

    public func run() throws {
        StandardOutput.ignoreBrokenPipe()
        let (store, damage) = try Storage.historyToRead()
        let sinceMilliseconds = since.flatMap(Timestamp.parse)
        let book = try Storage.calibrations.all()
        let calibratedDevices = Set(book.map(\.device))
        let listing = try store.list(device: device, sinceMilliseconds: sinceMilliseconds)
        var problems = listing.damaged
        var entries: [Entry] = []
        for row in listing.rows {
            guard !row.calibrated, calibratedDevices.contains(row.device) else {
                entries.append((row, nil))
                continue
            }
            do {
                let (session, later) = try Storage.presented(try store.session(id: row.id), book: book)
                entries.append((SessionRow(session, id: row.id), later))
            } catch let error as StoreError {
                problems.append(error)
            }
        }
        // Each damaged session is named; the last problem becomes the exit status (65).
        problems += [damage].compactMap { $0 }
        defer {
            for problem in problems.dropLast() { StandardOutput.error("gripfit-serial: \(problem)") }
        }
        let display = ForceDisplay(calibration: nil, unit: unit)
        switch json ? .json : format {
        case .json:
            StandardOutput.line("[" + entries.map { jsonObject($0, display) }.joined(separator: ",") + "]")
        case .csv:
            guard StandardOutput.line(CSVLine.join(csvHeader)) else { return }
            for entry in entries {
                guard StandardOutput.line(CSVLine.join(csvFields(entry, display))) else { return }
            }
        case .table:
            guard !entries.isEmpty else {
                if problems.isEmpty { StandardOutput.line(try emptyNotice(store: store, since: sinceMilliseconds)) }
                break
            }
            table(entries, display)
        }
        if let last = problems.last { throw last }
    }

    private func emptyNotice(store: SessionStore, since: Int64?) throws -> String {
        guard let since, !(try store.list(device: device).rows.isEmpty) else {
            return "No sessions yet. Record one with `gripfit-serial record`."
        }
        let future = since > Timestamp.now() ? " (that is in the future)" : ""
        return "No sessions since \(LocalTime.text(milliseconds: since))\(future); `gripfit-serial history` without --since lists them all."
    }

    private func table(_ entries: [Entry], _ display: ForceDisplay) {
        StandardOutput.line("id    date                        hand   peak          mean          reps  duration  label")
        for (row, later) in entries {
            let marker = later == nil ? "" : " *"
            guard
                StandardOutput.line(
                    SessionText.pad(String(row.id), 6) + SessionText.pad(LocalTime.text(milliseconds: row.startedAtMilliseconds), 28)
                        + SessionText.pad(row.hand?.rawValue ?? "-", 7)
                        + SessionText.pad(display.text(stored: row.peak, calibrated: row.calibrated) + marker, 14)
                        + SessionText.pad(display.text(stored: row.mean, calibrated: row.calibrated) + marker, 14)
                        + SessionText.pad(String(row.repCount), 6) + SessionText.pad(row.duration.formatted(decimals: 1) + " s", 10)
                        + UntrustedText.escaped(row.label ?? ""))
            else { return }
        }
        if let later = entries.lazy.compactMap(\.later).first {
            StandardOutput.line("* recorded uncalibrated; shown with the device's calibration of \(later.date)")
        }
    }

    /// Where the values' calibration comes from: `recorded`, `later` (made after) or `none`.
    private func calibrationSource(_ entry: Entry) -> String {
        entry.later != nil ? "later" : entry.row.calibrated ? "recorded" : "none"
    }

    private var csvHeader: [String] {
        let u = unit.rawValue
        return [
            "id", "start", "device", "firmware", "bridge", "hand", "label", "protocol", "trial", "unit", "peak_\(u)", "mean_\(u)",
            "time_to_peak_s", "peak_rfd_\(u)_per_s", "impulse_\(u)_s", "reps", "duration_s", "calibration", "peak_raw",
        ]
    }

    private func csvFields(_ entry: Entry, _ display: ForceDisplay) -> [String] {
        let row = entry.row
        func force(_ value: Double) -> String { row.calibrated ? display.convert(stored: value, calibrated: true).formatted(decimals: 3) : "" }
        return [
            String(row.id), Timestamp.rfc3339(milliseconds: row.startedAtMilliseconds), CSVLine.text(row.device),
            CSVLine.text(row.firmware ?? ""), CSVLine.text(row.bridgeVersion ?? ""), row.hand?.rawValue ?? "",
            CSVLine.text(row.label ?? ""), CSVLine.text(row.protocolName ?? ""),
            row.trial.map(String.init) ?? "", row.calibrated ? unit.rawValue : "raw", force(row.peak), force(row.mean),
            row.timeToPeak.formatted(decimals: 3), force(row.peakRFD), force(row.impulse), String(row.repCount),
            row.duration.formatted(decimals: 3), calibrationSource(entry), row.calibrated ? "" : row.peak.formatted(decimals: 0),
        ]
    }

    private func jsonObject(_ entry: Entry, _ display: ForceDisplay) -> String {
        let row = entry.row
        var object = JSONObject()
        object.set("id", Int(row.id))
        object.set("started_at", Timestamp.rfc3339(milliseconds: row.startedAtMilliseconds))
        object.set("device", row.device)
        if let firmware = row.firmware { object.set("firmware", firmware) }
        if let bridge = row.bridgeVersion { object.set("bridge", bridge) }
        if let hand = row.hand { object.set("hand", hand.rawValue) }
        if let label = row.label { object.set("label", label) }
        if let protocolName = row.protocolName { object.set("protocol", protocolName) }
        if let trial = row.trial { object.set("trial", trial) }
        object.set("unit", row.calibrated ? unit.rawValue : "raw")
        object.set("calibration", calibrationSource(entry))
        if let date = row.calibrationDate { object.set("calibration_date", date) }
        object.set("peak", display.convert(stored: row.peak, calibrated: row.calibrated))
        object.set("mean", display.convert(stored: row.mean, calibrated: row.calibrated))
        object.set("time_to_peak", row.timeToPeak)
        object.set("peak_rfd", display.convert(stored: row.peakRFD, calibrated: row.calibrated))
        object.set("impulse", display.convert(stored: row.impulse, calibrated: row.calibrated))
        object.set("reps", row.repCount)
        object.set("duration", row.duration)
        return object.text
    }
}
