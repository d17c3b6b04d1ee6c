/// A number with a force unit, as typed on the command line: `10kg`, `22 lb`, `98N`.
public struct ForceQuantity: Equatable, Sendable, CustomStringConvertible {
    public var value: Double
    public var unit: ForceUnit

    public init(_ value: Double, _ unit: ForceUnit) {
        self.value = value
        self.unit = unit
    }

    /// Nil unless the text is a finite, positive number followed by a unit.
    public init?(parsing text: some StringProtocol) {
        let trimmed = text.trimmingSpaces
        guard let split = trimmed.firstIndex(where: { $0.isLetter }) else { return nil }
        let number = trimmed[..<split].trimmingSpaces
        guard let unit = ForceUnit(parsing: trimmed[split...]),
            let value = Double(number), value.isFinite, value > 0
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
