/// Why a Bundle was not written: each names the value and what to fix, since FHIR refuses empty
/// strings, dangling references and forces that are not numbers.
public enum FHIRInputError: Error, Equatable, CustomStringConvertible {
    case emptyText(field: String)
    case invalidBirthDate(subject: String)
    case unknownSubject(assessment: String, subject: String)
    case unknownDevice(assessment: String, address: String)
    case invalidForce(assessment: String, value: Double)
    case noHands(assessment: String)

    public var description: String {
        switch self {
        case .emptyText(let field): "\(field) is empty: FHIR does not allow an empty string"
        case .invalidBirthDate(let subject): "subject \(subject)'s birth date is not a calendar date (fix it with subject edit)"
        case .unknownSubject(let assessment, let subject):
            "assessment \(assessment) names subject \(subject), which is not among the Bundle's patients"
        case .unknownDevice(let assessment, let address):
            "assessment \(assessment) names device \(address), which is not among the Bundle's devices"
        case .invalidForce(let assessment, let value): "assessment \(assessment) has a force of \(value) kg, which is not a usable number"
        case .noHands(let assessment): "assessment \(assessment) has no hand to report"
        }
    }
}
