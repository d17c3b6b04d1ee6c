import ArgumentParser
import GripFitCore

/// `--unit`, declared once for every command that shows force (`monitor`, `record`, `dashboard`,
/// `history`, `show`, `plot`), so it reads the same everywhere.
struct UnitOption: ParsableArguments {
    @Option(
        help: """
            Force unit for a calibrated device or session (see `calibrate`): kg, lb or N; kg if not given. \
            Without it, `monitor --format jsonl|csv` shows raw readings only.
            """
    )
    var unit: ForceUnit?

    init() {}

    /// The unit asked for, or kg.
    var resolved: ForceUnit { unit ?? .kilograms }
}
