import ArgumentParser
import GripFitSimulator

/// `--fault drop-link`: parsed by the fault's own `init?(argument:)`, listed by its name, not its case name.
extension SimulatorFault: ExpressibleByArgument {
    public static var allValueStrings: [String] { allCases.map(\.description) }
}
