import GripFitCore

/// How an assessment was run, stored once for all its attempts: whose hands, on which device, when,
/// which protocol with which settings, and what its forces are in.
public struct AssessmentFacts: Equatable, Sendable {
    /// The subject's code; nil for a run recorded without `--subject`.
    public var subject: String?
    public var device: String
    public var startedAtMilliseconds: Int64
    public var protocolName: String
    /// The ``GripProtocol`` version the run followed; nil for an assessment recorded before
    /// protocols had versions (all of them `standard` as it was, version 1 today).
    public var protocolVersion: Int?
    public var firstHand: Hand
    public var trialsPerHand: Int
    public var restSeconds: Double
    /// `kg` when calibrated, else `raw`: what the attempts' peaks are in.
    public var unit: String
    /// When the calibration in force was made (RFC 3339); nil when uncalibrated.
    public var calibrationDate: String?
    /// Its stable name's uid (``StableName``), the same in every history that holds it; nil until
    /// first filed (filing one without makes one).
    public var uid: String?

    public init(
        subject: String?,
        device: String,
        startedAtMilliseconds: Int64,
        protocolName: String,
        firstHand: Hand,
        trialsPerHand: Int,
        restSeconds: Double,
        unit: String,
        calibrationDate: String?,
        uid: String? = nil,
        protocolVersion: Int? = nil
    ) {
        self.uid = uid
        self.protocolVersion = protocolVersion
        self.subject = subject
        self.device = device
        self.startedAtMilliseconds = startedAtMilliseconds
        self.protocolName = protocolName
        self.firstHand = firstHand
        self.trialsPerHand = trialsPerHand
        self.restSeconds = restSeconds
        self.unit = unit
        self.calibrationDate = calibrationDate
    }

    /// What the peaks can be in: kilograms, or the device's raw counts.
    public static let units: Set<String> = ["kg", "raw"]

    /// "southampton v1", or the name alone for an assessment from before versions: how outputs name its protocol.
    public var protocolTitle: String {
        protocolName + (protocolVersion.map { " v\($0)" } ?? "")
    }

    /// Only kilograms are calibrated: any other text is not a force a norm may be applied to.
    public var calibrated: Bool { unit == "kg" }
}
