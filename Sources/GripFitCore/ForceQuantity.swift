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
        let trimmed = text.trimmingSpaces
        guard let split = trimmed.firstIndex(where: { $0.isLetter }) else { return nil }
        let number = trimmed[..<split].trimmingSpaces
        guard let unit = ForceUnit(parsing: trimmed[split...]),
            let value = Double(number), value.isFinite, value > 0, value <= Self.maximum
        else { return nil }
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
