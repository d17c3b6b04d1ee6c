import ArgumentParser
import GripFitClinical

/// `export --format fhir --bundle collection|transaction`.
extension FHIRBundleType: ExpressibleByArgument {}
