/// Why a calibration was refused; each case tells the user what to change.
public enum CalibrationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Fewer readings than a stable window needs.
    case tooFewReadings(got: Int, need: Int)
    /// The readings moved more than the bound: the grip was touched or the mass swung.
    case unstable(standardDeviation: Double, limit: Double)
    /// The known mass barely changed the reading, or lowered it.
    case loadNotDetected(deltaCounts: Double, minimum: Double)

    public var description: String {
        switch self {
        case .tooFewReadings(let got, let need):
            "only \(got) readings arrived, \(need) are needed; check the link and try again"
        case .unstable(let deviation, let limit):
            "readings are not stable (spread \(deviation.formatted(decimals: 0)) counts, limit "
                + "\(limit.formatted(decimals: 0))); hold the dynamometer still and try again"
        case .loadNotDetected(let delta, let minimum):
            "the mass changed the reading by \(delta.formatted(decimals: 0)) counts (at least "
                + "\(minimum.formatted(decimals: 0)) expected); hang the mass from the handle and try again"
        }
    }
}
