import ArgumentParser
import GripFitStore

/// `--format json|csv` for `export`.
extension ExportFormat: ExpressibleByArgument {}
