/// The units a force is shown in. Values are kept in kilograms-force internally because that is what
/// grip dynamometers report and what norms tables use; lb and N are conversions at the edges.
public enum ForceUnit: String, CaseIterable, Sendable {
    case kilograms = "kg"
    case pounds = "lb"
    case newtons = "N"

    /// Exact by definition: 1 lb = 0.45359237 kg.
    public static let kilogramsPerPound = 0.45359237
    /// Standard gravity, so 1 kgf = 9.80665 N.
    public static let newtonsPerKilogram = 9.80665

    /// Accepts `kg`, `lb`, `lbs`, `n` and `N`, any case, so `--unit` is forgiving.
    public init?(parsing text: some StringProtocol) {
        switch text.lowercased() {
        case "kg", "kgf": self = .kilograms
        case "lb", "lbs": self = .pounds
        case "n": self = .newtons
        default: return nil
        }
    }

    /// A value in this unit from kilograms-force.
    public func fromKilograms(_ kilograms: Double) -> Double {
        switch self {
        case .kilograms: kilograms
        case .pounds: kilograms / Self.kilogramsPerPound
        case .newtons: kilograms * Self.newtonsPerKilogram
        }
    }

    /// Kilograms-force from a value in this unit.
    public func toKilograms(_ value: Double) -> Double {
        switch self {
        case .kilograms: value
        case .pounds: value * Self.kilogramsPerPound
        case .newtons: value / Self.newtonsPerKilogram
        }
    }
}
