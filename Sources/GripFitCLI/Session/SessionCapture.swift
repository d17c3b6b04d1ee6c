import Foundation
import GripFitCore
import GripFitStore

/// One recording in progress: begun at a reading once the GripFit's identity is known, with that
/// device's calibration, fed every report after it, and turned into an analysed session at the
/// end. The part of a recording that `record` and the dashboard share; each decides when to
/// begin and stop.
struct SessionCapture {
    let device: String
    /// The device's calibration with the zero its readings had when the recording started: one
    /// stored calibration serves the whole trace even across a tare mid-recording.
    let calibration: StoredCalibration?
    let startedAtMilliseconds: Int64
    var label: String?
    var hand: Hand?
    var protocolName: String?
    var trial: Int?
    private var recorder: SessionRecorder

    /// Begins with `first`, the reading at `now`; `stage` has the device's calibration and has
    /// seen every report up to this one.
    init(
        device: String, stage: CalibrationLookup.Stage, first: SessionReport, at now: MonotonicInstant, wallClock: WallClock,
        untilRelease: Bool, firmware: String?, bridgeVersion: String?, label: String?, hand: Hand?,
        protocolName: String? = nil, trial: Int? = nil
    ) {
        self.device = device
        self.label = label
        self.hand = hand
        self.protocolName = protocolName
        self.trial = trial
        calibration = Self.current(stage)
        let threshold = stage.isCalibrated ? Recording.calibratedReleaseThreshold : Recording.rawReleaseThreshold
        recorder = SessionRecorder(
            start: now, calibration: calibration?.calibration, releaseThreshold: untilRelease ? threshold : nil,
            firmware: firmware, bridgeVersion: bridgeVersion)
        startedAtMilliseconds = Recording.epochMilliseconds(wallClock, at: now)
        _ = recorder.record(Recording.inStartFrame(first, zero: stage.zero, start: calibration), at: now)
    }

    /// The filed calibration with the zero the readings have now; nil until both are known.
    private static func current(_ stage: CalibrationLookup.Stage) -> StoredCalibration? {
        guard var stored = stage.record, let current = stage.current else { return nil }
        stored.offset = current.offset
        return stored
    }

    var start: MonotonicInstant { recorder.start }
    var sampleCount: Int { recorder.trace.samples.count }

    /// One report, after `stage` has seen it.
    mutating func record(_ report: SessionReport, at now: MonotonicInstant, stage: CalibrationLookup.Stage) -> SessionRecorder.Event? {
        recorder.record(Recording.inStartFrame(report, zero: stage.zero, start: calibration), at: now)
    }

    /// The analysed session, ready to save; call once. The firmware and bridge versions seen
    /// during the recording win over `firmware` and `bridgeVersion`, those known before it.
    mutating func finish(at now: MonotonicInstant, firmware: String?, bridgeVersion: String?) -> StoredSession {
        Recording.stored(
            &recorder, at: now, firmware: firmware, bridgeVersion: bridgeVersion, device: device,
            startedAt: startedAtMilliseconds, label: label, hand: hand, protocolName: protocolName, trial: trial,
            calibration: calibration)
    }
}
