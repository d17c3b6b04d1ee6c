import ArgumentParser
import GripFitRecords
import GripFitStore

/// `--history`, declared once for every command that opens the history: above `GRIPFIT_HISTORY`
/// and config.toml's `history` key (``Station/location(_:)`` chooses).
struct HistoryOption: ParsableArguments {
    @Option(
        name: .customLong("history"),
        help: ArgumentHelp(
            """
            The history to use: postgresql://USER@HOST/DATABASE (password in ~/.pgpass or PGPASSWORD), \
            sqlite:PATH or PATH. Default: GRIPFIT_HISTORY, else the history key of \
            $XDG_CONFIG_HOME/gripfit/config.toml, else this station's own file.
            """,
            valueName: "location"
        )
    )
    var history: String?

    init() {}

    func validate() throws {
        if let history, case .failure(let refusal) = HistoryLocation.parse(history) { throw ValidationError("--history: \(refusal).") }
    }
}
