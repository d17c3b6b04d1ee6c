/// A norm's answer: the grip placed, or every reason it could not be.
public enum NormOutcome: Sendable, Equatable {
    case placed(NormResult)
    case unavailable([NormMissing])

    /// What a report or a FHIR note says.
    public var text: String { text(unit: "kg") }

    /// The same with the force called `unit` ("kgf" in FHIR).
    public func text(unit: String) -> String {
        switch self {
        case .placed(let result): result.summary(unit: unit)
        case .unavailable(let reasons): "No norm: " + reasons.map(\.description).joined(separator: "; ")
        }
    }
}
