/// The simulated load cell's fixed calibration, so `calibrate --simulate` has a known answer.
public enum SimulatorScale {
    /// Raw counts per kilogram of grip force.
    public static let countsPerKilogram = 20_000
    /// The raw value with no load before any tare (the spec's example reading is of this size).
    public static let baseline = 834_000
    /// Standard deviation of the sensor noise, in counts.
    public static let noiseCounts = 120.0
}
