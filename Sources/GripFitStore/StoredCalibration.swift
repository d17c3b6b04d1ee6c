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

    public var calibration: Calibration { Calibration(offset: offset, countsPerKilogram: countsPerKilogram) }
}
