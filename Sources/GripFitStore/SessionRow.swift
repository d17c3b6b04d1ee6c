/// One line of `history`: the summary without reps or trace.
public struct SessionRow: Equatable, Sendable {
    public var id: Int64
    public var device: String
    public var startedAtMilliseconds: Int64
    public var firmware: String?
    public var bridgeVersion: String?
    public var label: String?
    public var hand: Hand?
    public var protocolName: String?
    public var trial: Int?
    public var calibrated: Bool
    /// When the calibration the values use was made (RFC 3339); nil when uncalibrated.
    public var calibrationDate: String?
    public var peak: Double
    public var mean: Double
    public var timeToPeak: Double
    public var peakRFD: Double
    public var impulse: Double
    public var duration: Double
    public var repCount: Int
}

extension SessionRow {
    /// The row of a whole session, such as one re-analysed with a later calibration.
    public init(_ session: StoredSession, id: Int64) {
        self.id = id
        device = session.device
        startedAtMilliseconds = session.startedAtMilliseconds
        firmware = session.firmware
        bridgeVersion = session.bridgeVersion
        label = session.label
        hand = session.hand
        protocolName = session.protocolName
        trial = session.trial
        calibrated = session.calibration != nil
        calibrationDate = session.calibration?.date
        peak = session.summary.peak
        mean = session.summary.mean
        timeToPeak = session.summary.timeToPeak
        peakRFD = session.summary.peakRFD
        impulse = session.summary.impulse
        duration = session.summary.duration
        repCount = session.summary.reps.count
    }
}
