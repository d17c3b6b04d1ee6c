import ArgumentParser
import GripFitSimulator

/// `--bug …`: completions and help list each bug by its own name.
extension SimulatorBug: ExpressibleByArgument {
    public static var allValueStrings: [String] { allCases.map(\.description) }
}
