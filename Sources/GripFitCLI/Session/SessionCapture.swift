import Foundation
import GripFitCore
import GripFitStore

/// One recording in progress, begun at a reading with the device's calibration, fed every report
/// after it, and turned into an analysed session at the end. The part of a recording that
/// `record` and the dashboard share; each decides when to begin and stop.
struct SessionCapture {
    let device: String
    let display: ForceDisplay
    let startedAtMilliseconds: Int64
    var label: String?
    var hand: Hand?
    var protocolName: String?
    var trial: Int?
    private var recorder: SessionRecorder

    /// Kilograms, or counts above the first reading without a calibration.
    static let calibratedReleaseThreshold = 2.0
    static let rawReleaseThreshold = 40_000.0

    init(
        device: String, display: ForceDisplay, at now: MonotonicInstant, wallClock: WallClock, untilRelease: Bool,
        label: String?, hand: Hand?, protocolName: String? = nil, trial: Int? = nil
    ) {
        self.device = device
        self.display = display
        self.label = label
        self.hand = hand
        self.protocolName = protocolName
        self.trial = trial
        let threshold = display.isCalibrated ? Self.calibratedReleaseThreshold : Self.rawReleaseThreshold
        recorder = SessionRecorder(
            start: now, calibration: display.calibration?.calibration, releaseThreshold: untilRelease ? threshold : nil)
        startedAtMilliseconds = Int64((wallClock.date(at: now).timeIntervalSince1970 * 1000).rounded(.down))
    }

    var sampleCount: Int { recorder.trace.samples.count }

    mutating func record(_ report: SessionReport, at now: MonotonicInstant) -> SessionRecorder.Event? {
        recorder.record(report, at: now)
    }

    /// The analysed session, ready to save; call once.
    mutating func finish(at now: MonotonicInstant) -> StoredSession {
        let trace = recorder.finish(at: now)
        return StoredSession.analysed(
            device: device, startedAtMilliseconds: startedAtMilliseconds,
            firmware: CleanText.clean(recorder.firmware.map(UntrustedText.escaped)), label: CleanText.clean(label),
            hand: hand, protocolName: protocolName, trial: trial, calibration: display.calibration, trace: trace)
    }
}
