/// Where a rep starts: a fixed force (calibrated sessions), or a share of the session peak
/// (raw counts, whose scale differs per device).
public enum RepThreshold: Equatable, Sendable {
    case absolute(Double)
    case fractionOfPeak(Double)

    public func resolved(peak: Double) -> Double {
        switch self {
        case .absolute(let value): value
        case .fractionOfPeak(let fraction): peak * fraction
        }
    }
}
