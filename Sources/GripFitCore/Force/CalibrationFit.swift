/// Two-point calibration: a tare with no load, then a known mass. Pure arithmetic, so the refusal
/// rules are tested on numbers rather than on a person holding a weight.
public enum CalibrationFit {
    /// The default spread limit in raw counts; about 0.05 kg on a typical 50 kg load cell and well
    /// above HX711 noise, but far below what a touched handle produces.
    public static let defaultMaximumStandardDeviation = 400.0
    /// The smallest change a known mass must cause; less means the mass is not on the handle.
    public static let defaultMinimumDeltaCounts = 1_000.0

    /// Averages one step's readings, refusing too few or unstable ones.
    public static func point(
        _ samples: [Int32],
        minimumSamples: Int = 10,
        maximumStandardDeviation: Double = defaultMaximumStandardDeviation
    ) -> Result<CalibrationPoint, CalibrationError> {
        guard samples.count >= max(2, minimumSamples) else {
            return .failure(.tooFewReadings(got: samples.count, need: max(2, minimumSamples)))
        }
        let count = Double(samples.count)
        let mean = samples.reduce(0.0) { $0 + Double($1) } / count
        let variance = samples.reduce(0.0) { $0 + (Double($1) - mean) * (Double($1) - mean) } / count
        let deviation = variance.squareRoot()
        guard deviation <= maximumStandardDeviation else {
            return .failure(.unstable(standardDeviation: deviation, limit: maximumStandardDeviation))
        }
        return .success(CalibrationPoint(mean: mean, standardDeviation: deviation, sampleCount: samples.count))
    }

    /// The transform through both points.
    public static func fit(
        zero: CalibrationPoint,
        load: CalibrationPoint,
        known: ForceQuantity,
        minimumDeltaCounts: Double = defaultMinimumDeltaCounts
    ) -> Result<Calibration, CalibrationError> {
        let delta = load.mean - zero.mean
        guard delta >= minimumDeltaCounts else {
            return .failure(.loadNotDetected(deltaCounts: delta, minimum: minimumDeltaCounts))
        }
        return .success(Calibration(offset: zero.mean, countsPerKilogram: delta / known.kilograms))
    }
}
