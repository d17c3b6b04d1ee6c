import ArgumentParser
import GripFitStore

/// `--format json|csv|fhir` for `export`.
extension ExportFormat: ExpressibleByArgument {}
