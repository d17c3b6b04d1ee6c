import ArgumentParser
import GripFitClinical

/// `--paper a4|letter` for `report`.
extension ReportPaper: ExpressibleByArgument {}
