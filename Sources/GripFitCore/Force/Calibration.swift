/// The per-device transform from raw HX711 counts to force (spec §3.3): it sits between the parser
/// and every consumer, so the protocol layer keeps speaking counts.
public struct Calibration: Equatable, Sendable, Codable {
    /// Counts the sensor reads with no load.
    public var offset: Double
    /// Counts per kilogram-force; positive, because squeezing raises the reading.
    public var countsPerKilogram: Double

    public init(offset: Double, countsPerKilogram: Double) {
        self.offset = offset
        self.countsPerKilogram = countsPerKilogram
    }

    public func kilograms(raw: Int32) -> Double {
        (Double(raw) - offset) / countsPerKilogram
    }

    public func value(raw: Int32, in unit: ForceUnit) -> Double {
        unit.fromKilograms(kilograms(raw: raw))
    }
}
