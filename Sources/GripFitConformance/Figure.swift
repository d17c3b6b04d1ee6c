/// One measured figure of a case, such as a mean interval or a firmware version.
public struct Figure: Equatable, Sendable {
    public enum Value: Equatable, Sendable {
        case number(Double)
        case text(String)
    }

    /// snake_case, without the unit: `mean_interval`.
    public let name: String
    public let value: Value
    /// `ms`, `counts`, …; nil for plain counts and text.
    public let unit: String?

    public init(_ name: String, _ value: Double, unit: String? = nil) {
        self.name = name
        self.value = .number(value)
        self.unit = unit
    }

    public init(_ name: String, text: String) {
        self.name = name
        value = .text(text)
        unit = nil
    }

    public init(_ name: String, milliseconds duration: Duration) {
        self.init(name, Self.rounded(duration.milliseconds), unit: "ms")
    }

    /// The key machines read: the name with its unit, `mean_interval_ms`.
    public var key: String { unit.map { "\(name)_\($0)" } ?? name }

    /// Two decimals: enough for milliseconds, no float noise in reports.
    public static func rounded(_ value: Double) -> Double {
        (value * 100).rounded() / 100
    }
}
