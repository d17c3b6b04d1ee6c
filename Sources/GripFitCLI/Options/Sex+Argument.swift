import ArgumentParser
import GripFitClinical

/// `--sex female|male`.
extension Sex: ExpressibleByArgument {}
