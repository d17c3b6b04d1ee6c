/// Why text is not a force quantity, so `--mass` can say what to fix instead of only "invalid".
/// The descriptions quote nothing from the text: the caller names (and escapes) it.
public enum ForceQuantityError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A number alone: `10`.
    case noUnit
    /// Letters after the number that are no unit: `10stone`.
    case unknownUnit
    /// No number before the unit: `kg`, `tenkg`, `infkg`.
    case notANumber
    /// Zero or less: `-5kg`.
    case notPositive
    /// Beyond ``ForceQuantity/maximum``, in the unit given: `1e300kg`.
    case tooLarge

    public var description: String {
        switch self {
        case .noUnit: "the number has no unit; add kg, lb or N"
        case .unknownUnit: "the unit must be kg, lb or N"
        case .notANumber: "there is no number before the unit"
        case .notPositive: "the number must be more than 0"
        case .tooLarge: "the number must be at most \(Int(ForceQuantity.maximum))"
        }
    }
}
