import GripFitCore

extension CalibrationStage.Output {
    /// The GripFit's key when this report is a reading from a known GripFit: where a recording or
    /// a guided run that was asked for begins, in `record` as on the page. Readings before the
    /// identity is known (a few seconds at most) begin nothing.
    public var beginsOn: String? {
        guard case .message(.reading) = report else { return nil }
        return device
    }
}
