import GripFitCore

/// One line of `history`: a stored session without its reps and trace, so a listing reads no blob.
public struct SessionRow: FiledSession, Equatable, Sendable {
    public var id: Int64
    public var device: String
    public var startedAtMilliseconds: Int64
    public var versions: DeviceVersions
    public var tags: SessionTags
    public var calibrated: Bool
    /// When the calibration the values use was made (RFC 3339); nil when uncalibrated.
    public var calibrationDate: String?
    /// The figures of ``SummaryField/all``; its reps are left out (see ``repCount``).
    public var summary: SessionSummary
    public var repCount: Int
    /// The station that recorded it; nil for sessions from before stations.
    public var station: String?
    /// Its stable name's uid (``StableName``); `s-` and its start name it everywhere.
    public var uid: String? = nil

    /// Every column, as the history's listing reads them.
    package init(
        id: Int64,
        device: String,
        startedAtMilliseconds: Int64,
        versions: DeviceVersions,
        tags: SessionTags,
        calibrated: Bool,
        calibrationDate: String?,
        summary: SessionSummary,
        repCount: Int,
        station: String?,
        uid: String? = nil
    ) {
        self.id = id
        self.device = device
        self.startedAtMilliseconds = startedAtMilliseconds
        self.versions = versions
        self.tags = tags
        self.calibrated = calibrated
        self.calibrationDate = calibrationDate
        self.summary = summary
        self.repCount = repCount
        self.station = station
        self.uid = uid
    }

    public var name: String? { uid.map { StableName.name(.session, uid: $0) } }

    /// The figure a listing leads with.
    public var peak: Double { summary.peak }
}

extension SessionRow {
    /// The row of a whole session, such as one re-analysed with a later calibration.
    public init(_ session: StoredSession, id: Int64) {
        self.id = id
        device = session.device
        startedAtMilliseconds = session.startedAtMilliseconds
        versions = session.versions
        tags = session.tags
        calibrated = session.calibration != nil
        calibrationDate = session.calibration?.date
        summary = session.summary
        summary.reps = []
        repCount = session.summary.reps.count
        station = session.station
        uid = session.uid
    }
}
