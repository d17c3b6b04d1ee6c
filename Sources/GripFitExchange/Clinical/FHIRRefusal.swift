/// Why an assessment cannot be a FHIR Observation: FHIR carries kilograms-force of a known patient.
public enum FHIRRefusal: Error, Equatable, CustomStringConvertible {
    case uncalibrated(String)
    case noSubject(String)

    public var description: String {
        switch self {
        case .uncalibrated(let name):
            "assessment \(name) was measured uncalibrated (raw counts, not kgf): calibrate the device and measure again"
        case .noSubject(let name):
            "assessment \(name) was recorded without --subject, so there is no patient to report it for"
        }
    }
}
