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

    static func run(
        runner: SessionRunner, seconds: Double?, untilRelease: Bool, label: String?, hand: Hand?,
        protocolName: String? = nil, trial: Int? = nil, display unit: ForceUnit,
        onStart: @escaping (ForceDisplay, String) -> Void = { _, _ in },
        onReading: @escaping (Int32, ForceDisplay) -> Void = { _, _ in }
    ) throws -> Recording {
        var recorder: SessionRecorder?
        var startedAt: Int64 = 0
        var device = ""
        var display = ForceDisplay(calibration: nil, unit: unit)
        var lookupError: (any Error)?
        var stop = Stop.duration
        let reason = try runner.run(seconds: seconds) { report, now in
            if recorder == nil, case .message(.reading) = report {
                device = DeviceKey.key(address: runner.driver.machine.deviceAddress, connection: runner.connection)
                do {
                    display.calibration = try Storage.calibrations.calibration(for: device)
                } catch {
                    lookupError = error
                    return false
                }
                let threshold = display.isCalibrated ? calibratedReleaseThreshold : rawReleaseThreshold
                recorder = SessionRecorder(
                    start: now, calibration: display.calibration?.calibration,
                    releaseThreshold: untilRelease ? threshold : nil)
                startedAt = Int64((runner.wallClock.date(at: now).timeIntervalSince1970 * 1000).rounded(.down))
                onStart(display, device)
            }
            guard var active = recorder else { return true }
            let event = active.record(report, at: now)
            recorder = active
            if case .message(.reading(let raw)) = report { onReading(raw, display) }
            switch event {
            case .released:
                stop = .released
                return false
            case .full:
                stop = .full
                return false
            case nil:
                return true
            }
        }
        if let lookupError { throw lookupError }
        if case .signal(let number) = reason { stop = .signal(number) }
        guard var finished = recorder else {
            if case .signal(let number) = reason {
                throw CLIFailure.interrupted(by: number, "no reading had arrived yet, so nothing was recorded.")
            }
            throw CLIFailure(
                "No readings arrived, so nothing was recorded. Is the GripFit on and streaming? Try `gripfit-serial monitor`.",
                status: .unavailable)
        }
        let trace = finished.finish(at: runner.clock.now())
        let session = StoredSession.analysed(
            device: device, startedAtMilliseconds: startedAt,
            firmware: CleanText.clean(finished.firmware.map(UntrustedText.escaped)), label: CleanText.clean(label),
            hand: hand, protocolName: protocolName, trial: trial, calibration: display.calibration, trace: trace)
        return Recording(session: session, stop: stop)
    }
}
