import ArgumentParser
import GripFitCore
import GripFitOutput
import GripFitStore

/// `gripfit-serial history`: the saved sessions, newest first.
public struct History: ParsableCommand {
    public static let configuration = CommandConfiguration(
        abstract: "List saved sessions.",
        discussion: """
            Examples:
              gripfit-serial history
              gripfit-serial history --since 2026-11-01 --unit lb
              gripfit-serial history --json --device ble:C0:FF:EE:00:00:01
            """)

    @Flag(help: "Print a JSON array of sessions instead of a table.")
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
    }

    public func run() throws {
        StandardOutput.ignoreBrokenPipe()
        let (store, damage) = try Storage.historyToRead()
        let listing = try store.list(device: device, sinceMilliseconds: since.flatMap(Timestamp.parse))
        print(listing.rows, anyDamaged: !listing.damaged.isEmpty)
        // Each damaged session is named; the last problem becomes the exit status (65).
        let problems = listing.damaged + [damage].compactMap { $0 }
        for problem in problems.dropLast() { StandardOutput.error("gripfit-serial: \(problem)") }
        if let last = problems.last { throw last }
    }

    private func print(_ rows: [SessionRow], anyDamaged: Bool) {
        let display = ForceDisplay(calibration: nil, unit: unit)
        if json {
            StandardOutput.line("[" + rows.map { jsonObject($0, display) }.joined(separator: ",") + "]")
            return
        }
        guard !rows.isEmpty else {
            if !anyDamaged { StandardOutput.line("No sessions yet. Record one with `gripfit-serial record`.") }
            return
        }
        StandardOutput.line("id    date                      hand   peak          mean          reps  duration  label")
        for row in rows {
            StandardOutput.line(
                SessionText.pad(String(row.id), 6) + SessionText.pad(Timestamp.rfc3339(milliseconds: row.startedAtMilliseconds), 26)
                    + SessionText.pad(row.hand?.rawValue ?? "-", 7)
                    + SessionText.pad(display.text(stored: row.peak, calibrated: row.calibrated), 14)
                    + SessionText.pad(display.text(stored: row.mean, calibrated: row.calibrated), 14)
                    + SessionText.pad(String(row.repCount), 6) + SessionText.pad(row.duration.formatted(decimals: 1) + " s", 10)
                    + UntrustedText.escaped(row.label ?? ""))
        }
    }

    private func jsonObject(_ row: SessionRow, _ display: ForceDisplay) -> String {
        var object = JSONObject()
        object.set("id", Int(row.id))
        object.set("started_at", Timestamp.rfc3339(milliseconds: row.startedAtMilliseconds))
        object.set("device", row.device)
        if let hand = row.hand { object.set("hand", hand.rawValue) }
        if let label = row.label { object.set("label", label) }
        if let protocolName = row.protocolName { object.set("protocol", protocolName) }
        if let trial = row.trial { object.set("trial", trial) }
        object.set("unit", row.calibrated ? unit.rawValue : "raw")
        object.set("peak", display.convert(stored: row.peak, calibrated: row.calibrated))
        object.set("mean", display.convert(stored: row.mean, calibrated: row.calibrated))
        object.set("reps", row.repCount)
        object.set("duration", row.duration)
        return object.text
    }
}
