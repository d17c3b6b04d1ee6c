import GripFitCore

/// A calibration as kept on disk: the transform plus where and when it was made.
public struct StoredCalibration: Equatable, Codable, Sendable {
    public var device: String
    public var offset: Double
    public var countsPerKilogram: Double
    /// RFC 3339, UTC.
    public var date: String
    /// The known mass used, in kilograms.
    public var massKilograms: Double?

    public init(device: String, calibration: Calibration, date: String, massKilograms: Double?) {
        self.device = device
        self.offset = calibration.offset
        self.countsPerKilogram = calibration.countsPerKilogram
        self.date = date
        self.massKilograms = massKilograms
    }

    /// Finite, positive counts per kilogram, and values an HX711 calibration can have: anything
    /// else in a file or the history is damage, and would turn every force into inf or nan.
    public static func isPlausible(offset: Double, countsPerKilogram: Double, massKilograms: Double? = nil) -> Bool {
        offset.isFinite && abs(offset) <= 1e12 && countsPerKilogram.isFinite && countsPerKilogram >= 1e-6
            && countsPerKilogram <= 1e12 && (massKilograms.map { $0.isFinite && $0 > 0 && $0 <= 1e6 } ?? true)
    }

    public var calibration: Calibration { Calibration(offset: offset, countsPerKilogram: countsPerKilogram) }
}
