import ArgumentParser
import GripFitCore

/// `--hand left|right`.
extension Hand: ExpressibleByArgument {}
