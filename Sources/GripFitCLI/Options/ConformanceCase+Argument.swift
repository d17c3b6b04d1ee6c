import ArgumentParser
import GripFitConformance

/// `check --only tare`: the case's raw value.
extension ConformanceCase: ExpressibleByArgument {}
