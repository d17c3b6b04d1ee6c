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

    /// Kilograms, or counts above the first reading without a calibration.
    static let calibratedReleaseThreshold = 2.0
    static let rawReleaseThreshold = 40_000.0

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
        let threshold = display.isCalibrated ? Self.calibratedReleaseThreshold : Self.rawReleaseThreshold
        recorder = SessionRecorder(
            start: now, calibration: calibration?.calibration, releaseThreshold: untilRelease ? threshold : nil,
            firmware: firmware, bridgeVersion: bridgeVersion)
        startedAtMilliseconds = Int64((wallClock.date(at: now).timeIntervalSince1970 * 1000).rounded(.down))
        _ = recorder.record(Self.inStartFrame(first, display: display, start: calibration), at: now)
    }

    var start: MonotonicInstant { recorder.start }
    var sampleCount: Int { recorder.trace.samples.count }

    mutating func record(_ report: SessionReport, at now: MonotonicInstant) -> SessionRecorder.Event? {
        display.observe(report)
        return recorder.record(Self.inStartFrame(report, display: display, start: calibration), at: now)
    }

    /// The analysed session, ready to save; call once. The firmware and bridge versions seen
    /// during the recording win over `firmware` and `bridgeVersion`, those known before it.
    mutating func finish(at now: MonotonicInstant, firmware: String?, bridgeVersion: String?) -> StoredSession {
        let trace = recorder.finish(at: now)
        return StoredSession.analysed(
            device: device, startedAtMilliseconds: startedAtMilliseconds,
            firmware: CleanText.clean((recorder.firmware ?? firmware).map(UntrustedText.escaped)),
            bridgeVersion: CleanText.clean((recorder.bridgeVersion ?? bridgeVersion).map(UntrustedText.escaped)),
            label: CleanText.clean(label), hand: hand, protocolName: protocolName, trial: trial,
            calibration: calibration, trace: trace)
    }

    /// A reading shifted back to the zero the recording started with.
    private static func inStartFrame(_ report: SessionReport, display: ForceDisplay, start: StoredCalibration?) -> SessionReport {
        guard case .message(.reading(let raw)) = report, let start, let shifted = display.zero?.raw(raw, against: start.offset)
        else { return report }
        return .message(.reading(shifted))
    }
}
