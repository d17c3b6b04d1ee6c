import ArgumentParser
import GripFitCore
import GripFitStore

/// `gripfit-serial show <id>`: one session's summary and reps.
public struct Show: ParsableCommand {
    public static let configuration = CommandConfiguration(
        abstract: "Show a saved session: summary and per-rep table.",
        discussion: """
            Times are local, with their UTC offset. A session recorded before its device was \
            calibrated is shown with the device's current calibration, and says so.

            Example:
              gripfit-serial show 3 --unit N
            """)

    @Argument(help: "The session id, from `gripfit-serial history`.")
    public var id: Int64

    @OptionGroup public var unitOption: UnitOption
    var unit: ForceUnit { unitOption.resolved }

    public init() {}

    public func validate() throws {
        try SessionID.validate(id)
    }

    public func run() throws {
        let (store, damage) = try Storage.historyToRead()
        try show(store, damage: damage, calibrations: Storage.calibrations, to: StandardStreams())
    }

    /// The work of ``run()`` on an opened history, so a test can read what it writes without a launch (issue 21).
    func show(_ store: any SessionHistory, damage: StoreError?, calibrations: CalibrationBook, to sink: some CommandOutput) throws {
        let (session, later) = try Storage.presented(try store.session(id: id), calibrations: calibrations)
        let display = ForceDisplay(calibration: session.calibration, unit: unit)
        for line in SessionText.details(session, display: display, later: later) {
            guard sink.line(line) else { return }
        }
        if let damage { throw damage }
    }
}
