/// Where a squeeze counts as let go (and a handle as loaded): kilograms above the zero with a
/// calibration, counts above the first reading without one.
public enum ReleaseThreshold {
    public static let calibrated = 2.0
    public static let raw = 40_000.0

    public static func of(calibrated: Bool) -> Double { calibrated ? Self.calibrated : raw }
}
