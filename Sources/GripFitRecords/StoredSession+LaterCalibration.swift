import GripFitCore

extension StoredSession {
    /// This session, recorded uncalibrated, analysed again with a calibration made since: the
    /// calibration's scale, and the zero the trace's first reading points to (a tared or an
    /// untared GripFit, as ``ZeroTracker`` decides it live). Nil when the session has its own
    /// calibration or no readings.
    public func calibrated(later calibration: StoredCalibration) -> StoredSession? {
        guard self.calibration == nil, let first = trace.samples.first else { return nil }
        var applied = calibration
        applied.offset = ZeroTracker.resolve(firstRaw: first.raw, calibration: calibration.calibration).zero
        var session = StoredSession.analysed(
            device: device,
            startedAtMilliseconds: startedAtMilliseconds,
            firmware: firmware,
            bridgeVersion: bridgeVersion,
            label: label,
            hand: hand,
            protocolName: protocolName,
            trial: trial,
            calibration: applied,
            trace: trace
        )
        session.id = id
        return session
    }
}
