import ArgumentParser
import GripFitStore

/// `--hand left|right`.
extension Hand: ExpressibleByArgument {}
