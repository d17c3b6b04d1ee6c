import ArgumentParser
import GripFitClinical

/// `--dominant left|right|ambidextrous`.
extension Subject.Dominance: ExpressibleByArgument {}
