import GripFitClinical

/// The thresholds a clinical view reads figures against: both are conventions, not facts, so a
/// clinic may set its own (other cohorts suggest other grip cut-offs; CV cut-offs are contested).
public struct ClinicalSettings: Sendable, Equatable {
    /// The EWGSOP2 consensus's cut-offs (27 kg men, 16 kg women) unless changed.
    public var ewgsop2: EWGSOP2Threshold
    /// The CV (%) at or below which a hand's trials read as consistent (default 15 %).
    public var consistencyThreshold: Double

    public static let standard = ClinicalSettings(ewgsop2: .standard, consistencyThreshold: Consistency.defaultThreshold)

    public init(ewgsop2: EWGSOP2Threshold, consistencyThreshold: Double) {
        self.ewgsop2 = ewgsop2
        self.consistencyThreshold = consistencyThreshold
    }
}
