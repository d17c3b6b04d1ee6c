import GripFitCore

extension StoredSession {
    /// The trial's force–time measures, from its trace as its summary was analysed (same forces,
    /// same rep threshold), in ``unitName``.
    public var measures: TrialMeasures {
        TrialMeasures.measure(
            Self.forces(trace, calibration: calibration),
            gaps: trace.gaps,
            options: AnalysisOptions(threshold: .absolute(summary.threshold))
        )
    }
}
