/// A number with a force unit, as typed on the command line: `10kg`, `22 lb`, `98N`.
public struct ForceQuantity: Equatable, Sendable, CustomStringConvertible {
    public var value: Double
    public var unit: ForceUnit

    public init(_ value: Double, _ unit: ForceUnit) {
        self.value = value
        self.unit = unit
    }

    /// The largest accepted value: far above any grip or calibration mass, far below where
    /// arithmetic on counts could overflow.
    public static let maximum = 1_000_000.0

    /// Nil unless the text is a finite, positive number up to ``maximum`` followed by a unit.
    public init?(parsing text: some StringProtocol) {
        guard let quantity = try? Self(validating: text) else { return nil }
        self = quantity
    }

    /// The same check as ``init(parsing:)``, saying what is wrong. The unit is the letters at the
    /// end, so the `e` of `1e300kg` belongs to the number.
    public init(validating text: some StringProtocol) throws(ForceQuantityError) {
        let trimmed = text.trimmingSpaces
        let unitText = trimmed.reversed().prefix { $0.isLetter }
        guard !unitText.isEmpty else { throw .noUnit }
        let number = trimmed.dropLast(unitText.count).trimmingSpaces
        guard let value = Double(number), !value.isNaN else { throw .notANumber }
        guard let unit = ForceUnit(parsing: String(unitText.reversed())) else { throw .unknownUnit }
        guard value > 0 else { throw .notPositive }
        guard value <= Self.maximum else { throw .tooLarge }
        self.init(value, unit)
    }

    public var kilograms: Double { unit.toKilograms(value) }

    public var description: String { "\(value.formatted(decimals: 2)) \(unit.rawValue)" }
}

extension StringProtocol {
    fileprivate var trimmingSpaces: Substring {
        let text = Substring(self)
        guard let first = text.firstIndex(where: { $0 != " " }),
            let last = text.lastIndex(where: { $0 != " " })
        else { return "" }
        return text[first...last]
    }
}
