/// Why a ``ZeroTracker`` puts zero force where it does, so a display can say so.
public enum ZeroSource: String, Equatable, Sendable {
    /// `S:TARED` arrived in this session: the load at that moment reads 0 (net weight).
    case tare
    /// The readings sat near 0 when the link came up: the GripFit was tared before.
    case taredBefore = "tared-before"
    /// The readings sat near the calibration's zero when the link came up: the GripFit is untared.
    case calibration
}
