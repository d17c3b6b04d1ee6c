/// Where a rep starts: a fixed force (calibrated sessions), or a share of the session peak
/// (raw counts, whose scale differs per device) that never falls below a floor, so a session of
/// nothing but noise has no reps.
public enum RepThreshold: Equatable, Sendable {
    case absolute(Double)
    case fractionOfPeak(Double, floor: Double)

    /// Counts an uncalibrated rep must at least rise above the session's lowest reading: about 7
    /// times the widest spread of the simulator's idle noise (±3 σ of 120 counts) and 10 times an
    /// HX711's (90 nV rms at 80 SPS, a few tens of counts), yet well under any squeeze (0.25 kg at
    /// the simulator's 20,000 counts per kg; under 1 kg on any load cell with 5,000 counts per kg or more).
    public static let rawFloor = 5_000.0

    /// Uncalibrated sessions: 20 % of the peak, at least ``rawFloor`` counts.
    public static let uncalibrated = RepThreshold.fractionOfPeak(0.2, floor: rawFloor)

    public func resolved(peak: Double) -> Double {
        switch self {
        case .absolute(let value): value
        case .fractionOfPeak(let fraction, let floor): max(peak * fraction, floor)
        }
    }
}
