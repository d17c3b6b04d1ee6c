import Foundation
import GripFitCore
import GripFitLinux
import GripFitOutput
import GripFitStore

/// One recorded session, from the first reading to a stop: the engine behind `record` and each
/// trial of `record --protocol standard`. Readings stay in memory until the end (spec §3.4).
struct Recording {
    enum Stop: Equatable {
        case duration
        case released
        case signal(Int32)
        case full
    }

    var session: StoredSession
    var stop: Stop

    /// Kilograms, or counts above the first reading without a calibration.
    static let calibratedReleaseThreshold = 2.0
    static let rawReleaseThreshold = 40_000.0

    /// How long a recording of set length waits for its first reading before giving up: a scan
    /// and a connect, with room. Without a length it waits until stopped, as before.
    static let firstReadingWait: Duration = .seconds(20)
    /// A year: longer lengths are taken as this, so the arithmetic below stays in range.
    static let longestLength = 366.0 * 86_400

    /// Records `seconds` of readings counted from the first one that counts (nil: until a release,
    /// a signal or the memory limit). Readings wait until the GripFit's identity is known
    /// (``CalibrationStage``), so the session and its calibration are filed under the right device.
    /// `onReading` gets each recorded reading's raw counts and kilograms (nil uncalibrated).
    static func run(
        runner: SessionRunner, seconds: Double?, untilRelease: Bool, label: String?, hand: Hand?,
        protocolName: String? = nil, trial: Int? = nil, display unit: ForceUnit,
        onStart: @escaping (ForceDisplay, String) -> Void = { _, _ in },
        onReading: @escaping (Int32, Double?) -> Void = { _, _ in }
    ) throws -> Recording {
        var capture: SessionCapture?
        var stage = CalibrationLookup.stage(for: runner.connection)
        var lookupError: (any Error)?
        var lastReadingAt: MonotonicInstant?
        var stop = Stop.duration
        let length = seconds.map { Duration.milliseconds(Int((min(max($0, 0), longestLength) * 1000).rounded())) }
        let driver = runner.driver
        var stopAt = length.map { runner.clock.now() + max($0, firstReadingWait) }
        driver.consumers = [ReportHandler(deadline: { stopAt }, tick: { _ in false })]
        defer { driver.consumers = [] }
        let reason = try runner.run(seconds: nil) { report, now in
            let link = LinkFacts(driver.machine, portOpen: driver.openPortPath != nil)
            let output = stage.handle(report, at: now, link: link)
            guard var active = capture else {
                guard case .message(.reading(let raw)) = report, let device = output.device else { return true }
                if let decided = output.decided {
                    if let notice = decided.notice { StandardOutput.error("gripfit-serial: \(notice)") }
                    if case .failure(let error) = decided.lookup {
                        lookupError = error
                        return false
                    }
                }
                let started = SessionCapture(
                    device: device, stage: stage, first: report, at: now, wallClock: runner.wallClock,
                    untilRelease: untilRelease, firmware: link.firmware, bridgeVersion: link.bridgeVersion,
                    label: label, hand: hand, protocolName: protocolName, trial: trial)
                capture = started
                // Silence must not stretch the recording: stop a little after its end regardless.
                stopAt = length.map { now + $0 + .seconds(1) }
                onStart(ForceDisplay(calibration: stage.record, unit: unit), device)
                onReading(raw, output.kilograms)
                lastReadingAt = now
                return true
            }
            let event = active.record(report, at: now, stage: stage)
            capture = active
            guard case .message(.reading(let raw)) = report else { return true }
            onReading(raw, output.kilograms)
            switch event {
            case .released:
                stop = .released
                return false
            case .full:
                stop = .full
                return false
            case nil:
                // The reading nearest the length is the last: S seconds of readings, not of connecting.
                defer { lastReadingAt = now }
                if let length, now - active.start + (now - (lastReadingAt ?? now)) / 2 >= length { return false }
                return true
            }
        }
        if let lookupError { throw lookupError }
        if case .signal(let number) = reason { stop = .signal(number) }
        guard var finished = capture else {
            if case .signal(let number) = reason {
                throw CLIFailure.interrupted(by: number, "no reading had arrived yet, so nothing was recorded.")
            }
            throw CLIFailure(
                "No readings arrived, so nothing was recorded. Is the GripFit on and streaming? Try `gripfit-serial monitor`.",
                status: .unavailable)
        }
        let session = finished.finish(
            at: runner.clock.now(), firmware: driver.machine.firmware, bridgeVersion: driver.machine.bridgeVersion)
        return Recording(session: session, stop: stop)
    }

    /// The session a finished recorder holds, analysed and ready to save; versions the recorder did
    /// not see are the ones known before (the session machine's).
    static func stored(
        _ recorder: inout SessionRecorder, at end: MonotonicInstant, firmware: String?, bridgeVersion: String?, device: String,
        startedAt: Int64, label: String?, hand: Hand?, protocolName: String?, trial: Int?, calibration: StoredCalibration?
    ) -> StoredSession {
        let trace = recorder.finish(at: end)
        return StoredSession.analysed(
            device: device, startedAtMilliseconds: startedAt,
            firmware: CleanText.clean((recorder.firmware ?? firmware).map(UntrustedText.escaped)),
            bridgeVersion: CleanText.clean((recorder.bridgeVersion ?? bridgeVersion).map(UntrustedText.escaped)),
            label: CleanText.clean(label), hand: hand, protocolName: protocolName, trial: trial,
            calibration: calibration, trace: trace)
    }

    /// Milliseconds since the epoch at `instant`, as sessions are filed.
    static func epochMilliseconds(_ wallClock: WallClock, at instant: MonotonicInstant) -> Int64 {
        Int64((wallClock.date(at: instant).timeIntervalSince1970 * 1000).rounded(.down))
    }

    /// A reading shifted back to the zero the recording started with, so one stored calibration
    /// serves the whole trace even when the GripFit is tared or power-cycled mid-recording.
    static func inStartFrame(_ report: SessionReport, zero: ZeroTracker?, start: StoredCalibration?) -> SessionReport {
        guard case .message(.reading(let raw)) = report, let start, let shifted = zero?.raw(raw, against: start.offset)
        else { return report }
        return .message(.reading(shifted))
    }
}
