import ArgumentParser
import GripFitCore
import GripFitStore

/// `gripfit-serial show <id>`: one session's summary and reps.
public struct Show: ParsableCommand {
    public static let configuration = CommandConfiguration(
        abstract: "Show a saved session: summary and per-rep table.",
        discussion: "Example:\n  gripfit-serial show 3 --unit N")

    @Argument(help: "The session id, from `gripfit-serial history`.")
    public var id: Int64

    @Option(help: "Unit for calibrated sessions: kg, lb or N.")
    public var unit: ForceUnit = .kilograms

    public init() {}

    public func run() throws {
        StandardOutput.ignoreBrokenPipe()
        let (store, damage) = try Storage.historyToRead()
        let session = try store.session(id: id)
        for line in SessionText.details(session, display: ForceDisplay(calibration: session.calibration, unit: unit)) {
            guard StandardOutput.line(line) else { return }
        }
        if let damage { throw damage }
    }
}
