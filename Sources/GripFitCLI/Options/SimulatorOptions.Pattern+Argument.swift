import ArgumentParser
import GripFitSimulator

/// `--pattern squeeze|counter`.
extension SimulatorOptions.Pattern: ExpressibleByArgument {}
