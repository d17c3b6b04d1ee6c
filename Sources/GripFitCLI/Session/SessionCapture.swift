import Foundation
import GripFitCore
import GripFitStore

/// One recording in progress: begun at a reading once the GripFit's identity is known, with that
/// device's calibration, fed every report after it, and turned into an analysed session at the
/// end. The part of a recording that `record` and the dashboard share; each decides when to
/// begin and stop.
struct SessionCapture {
    let device: String
    /// Follows tares and power cycles (``ZeroTracker``), for showing live values.
    private(set) var display: ForceDisplay
    /// The device's calibration with the zero its readings had when the recording started: one
    /// stored calibration serves the whole trace even across a tare mid-recording.
    let calibration: StoredCalibration?
    let startedAtMilliseconds: Int64
    var label: String?
    var hand: Hand?
    var protocolName: String?
    var trial: Int?
    private var recorder: SessionRecorder

    /// Begins with `first`, the reading at `now`; `display` carries the device's calibration and
    /// has seen every report before this one.
    init(
        device: String, display: ForceDisplay, first: SessionReport, at now: MonotonicInstant, wallClock: WallClock,
        untilRelease: Bool, firmware: String?, bridgeVersion: String?, label: String?, hand: Hand?,
        protocolName: String? = nil, trial: Int? = nil
    ) {
        self.device = device
        self.label = label
        self.hand = hand
        self.protocolName = protocolName
        self.trial = trial
        var display = display
        display.observe(first)
        self.display = display
        calibration = display.currentCalibration
        let threshold = display.isCalibrated ? Recording.calibratedReleaseThreshold : Recording.rawReleaseThreshold
        recorder = SessionRecorder(
            start: now, calibration: calibration?.calibration, releaseThreshold: untilRelease ? threshold : nil,
            firmware: firmware, bridgeVersion: bridgeVersion)
        startedAtMilliseconds = Recording.epochMilliseconds(wallClock, at: now)
        _ = recorder.record(Recording.inStartFrame(first, display: display, start: calibration), at: now)
    }

    var start: MonotonicInstant { recorder.start }
    var sampleCount: Int { recorder.trace.samples.count }

    mutating func record(_ report: SessionReport, at now: MonotonicInstant) -> SessionRecorder.Event? {
        display.observe(report)
        return recorder.record(Recording.inStartFrame(report, display: display, start: calibration), at: now)
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
