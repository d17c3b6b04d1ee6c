import GripFitCore

/// One recorded session as the history keeps it: who, when, how it was calibrated, its summary
/// and reps, and the raw trace so it can be re-analysed later.
public struct StoredSession: FiledSession, Equatable, Sendable {
    public var id: Int64?
    /// The calibration key: `ble:<address>` or `usb:<serial>` (see ``DeviceKey``).
    public var device: String
    /// Wall-clock start, milliseconds since 1970 UTC; with `device`, what makes a session unique.
    public var startedAtMilliseconds: Int64
    public var versions: DeviceVersions
    public var tags: SessionTags
    /// The calibration in force; nil means the summary is in raw counts.
    public var calibration: StoredCalibration?
    public var summary: SessionSummary
    public var trace: RawTrace
    /// The station that recorded it (config.toml's `station`, else the host name: the CLI's
    /// `Station.name`); nil for sessions from before stations.
    public var station: String?
    /// Its stable name's uid (``StableName``), the same in every history that holds it; nil until
    /// first saved (a save without one makes one).
    public var uid: String?

    /// `s-` and the start of ``uid``: what users and other tools (FHIR ids) name it by everywhere.
    public var name: String? { uid.map { StableName.name(.session, uid: $0) } }

    public init(
        id: Int64? = nil,
        device: String,
        startedAtMilliseconds: Int64,
        firmware: String?,
        bridgeVersion: String? = nil,
        label: String?,
        hand: Hand?,
        protocolName: String? = nil,
        trial: Int? = nil,
        calibration: StoredCalibration?,
        summary: SessionSummary,
        trace: RawTrace
    ) {
        self.id = id
        self.device = device
        self.startedAtMilliseconds = startedAtMilliseconds
        versions = DeviceVersions(firmware: firmware, bridge: bridgeVersion)
        tags = SessionTags(label: label, hand: hand, protocolName: protocolName, trial: trial)
        self.calibration = calibration
        self.summary = summary
        self.trace = trace
    }

    /// A session analysed from its trace: kilograms with a 2 kg rep threshold when calibrated;
    /// otherwise counts above the session's lowest reading (an untared HX711 sits far from zero),
    /// with a threshold at 20 % of the peak, never below ``RepThreshold/rawFloor``.
    public static func analysed(
        device: String,
        startedAtMilliseconds: Int64,
        firmware: String?,
        bridgeVersion: String? = nil,
        label: String?,
        hand: Hand?,
        protocolName: String? = nil,
        trial: Int? = nil,
        calibration: StoredCalibration?,
        trace: RawTrace,
        threshold: RepThreshold? = nil
    ) -> StoredSession {
        let options = AnalysisOptions(threshold: threshold ?? defaultThreshold(calibrated: calibration != nil))
        let summary = GripAnalysis.analyze(forces(trace, calibration: calibration), gaps: trace.gaps, options: options)
        return StoredSession(
            device: device,
            startedAtMilliseconds: startedAtMilliseconds,
            firmware: firmware,
            bridgeVersion: bridgeVersion,
            label: label,
            hand: hand,
            protocolName: protocolName,
            trial: trial,
            calibration: calibration,
            summary: summary,
            trace: trace
        )
    }

    /// The readings as analysis sees them: kilograms, or counts above the trace's lowest reading.
    static func forces(_ trace: RawTrace, calibration: StoredCalibration?) -> [ForceSample] {
        var forces = trace.forces(calibration: calibration?.calibration)
        if calibration == nil, let floor = forces.map(\.value).min() {
            forces = forces.map { ForceSample(time: $0.time, value: $0.value - floor) }
        }
        return forces
    }

    public static func defaultThreshold(calibrated: Bool) -> RepThreshold {
        calibrated ? .absolute(2) : .uncalibrated
    }

    /// What the summary's numbers are in.
    public var unitName: String { calibration == nil ? "raw" : ForceUnit.kilograms.rawValue }
}
