import ArgumentParser
import GripFitCore
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
            throw ValidationError("--since takes a date or time such as 2026-11-01 or 2026-11-01T08:00:00Z.")
        }
    }

    public func run() throws {
        StandardOutput.ignoreBrokenPipe()
        let rows = try Storage.history().list(device: device, sinceMilliseconds: since.flatMap(Timestamp.parse))
        let display = ForceDisplay(calibration: nil, unit: unit)
        if json {
            StandardOutput.line("[" + rows.map { SessionJSON.row($0, display: display).text }.joined(separator: ",") + "]")
            return
        }
        guard !rows.isEmpty else {
            StandardOutput.line("No sessions yet. Record one with `gripfit-serial record`.")
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
                    + (row.label ?? ""))
        }
    }
}
