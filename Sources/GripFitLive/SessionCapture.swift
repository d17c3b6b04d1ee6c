import GripFitCore
import GripFitRecords

/// One recording in progress: begun at a reading once the GripFit's identity is known, with that
/// device's calibration, fed every report after it, and turned into an analysed session at the
/// end. The part of a recording that `record`, the guided run and the dashboard share; each
/// decides when to begin and stop. Readings stay in memory until the end (spec §3.4).
public struct SessionCapture {
    public let device: String
    /// The device's calibration with the zero its readings had when the recording started: one
    /// stored calibration serves the whole trace even across a tare mid-recording.
    public let calibration: StoredCalibration?
    public let startedAtMilliseconds: Int64
    /// How the session is filed: the user's label and hand, the protocol's name and trial.
    public var tags: SessionTags
    private var recorder: SessionRecorder

    /// Begins with `first`, the reading at `now`; `stage` has the device's calibration and has
    /// seen every report up to this one.
    public init(
        device: String,
        stage: LiveCalibration,
        first: LinkReport,
        at now: MonotonicInstant,
        wallTime: any WallTime,
        untilRelease: Bool,
        firmware: String?,
        bridgeVersion: String?,
        tags: SessionTags
    ) {
        self.device = device
        self.tags = tags
        calibration = Self.current(stage)
        recorder = SessionRecorder(
            start: now,
            calibration: calibration?.calibration,
            releaseThreshold: untilRelease ? ReleaseThreshold.of(calibrated: stage.isCalibrated) : nil,
            firmware: firmware,
            bridgeVersion: bridgeVersion
        )
        startedAtMilliseconds = wallTime.epochMilliseconds(at: now)
        _ = recorder.record(Self.inStartFrame(first, zero: stage.zero, start: calibration), at: now)
    }

    public var start: MonotonicInstant { recorder.start }
    public var sampleCount: Int { recorder.trace.samples.count }

    /// One report, after `stage` has seen it.
    public mutating func record(_ report: LinkReport, at now: MonotonicInstant, stage: LiveCalibration) -> SessionRecorder.Event? {
        recorder.record(Self.inStartFrame(report, zero: stage.zero, start: calibration), at: now)
    }

    /// The analysed session, ready to save; call once. The firmware and bridge versions seen
    /// during the recording win over `firmware` and `bridgeVersion`, those known before it. Device
    /// text is stored as the device sent it (bounded in length); each output escapes it.
    public mutating func finish(at now: MonotonicInstant, firmware: String?, bridgeVersion: String?) -> StoredSession {
        let trace = recorder.finish(at: now)
        return StoredSession.analysed(
            device: device,
            startedAtMilliseconds: startedAtMilliseconds,
            firmware: CleanText.device(recorder.firmware ?? firmware),
            bridgeVersion: CleanText.device(recorder.bridgeVersion ?? bridgeVersion),
            label: CleanText.clean(tags.label),
            hand: tags.hand,
            protocolName: tags.protocolName,
            trial: tags.trial,
            calibration: calibration,
            trace: trace
        )
    }

    /// The filed calibration with the zero the readings have now; nil until both are known.
    private static func current(_ stage: LiveCalibration) -> StoredCalibration? {
        guard var stored = stage.record, let current = stage.current else { return nil }
        stored.offset = current.offset
        return stored
    }

    /// A reading shifted back to the zero the recording started with, so one stored calibration
    /// serves the whole trace even when the GripFit is tared or power-cycled mid-recording.
    private static func inStartFrame(_ report: LinkReport, zero: ZeroTracker?, start: StoredCalibration?) -> LinkReport {
        guard case .message(.reading(let raw)) = report, let start, let shifted = zero?.raw(raw, against: start.offset)
        else { return report }
        return .message(.reading(shifted))
    }
}
