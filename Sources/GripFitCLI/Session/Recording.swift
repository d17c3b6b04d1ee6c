import Foundation
import GripFitCore
import GripFitLinux
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

    static func run(
        runner: SessionRunner, seconds: Double?, untilRelease: Bool, label: String?, hand: Hand?,
        protocolName: String? = nil, trial: Int? = nil, display unit: ForceUnit,
        onStart: @escaping (ForceDisplay, String) -> Void = { _, _ in },
        onReading: @escaping (Int32, ForceDisplay) -> Void = { _, _ in }
    ) throws -> Recording {
        var capture: SessionCapture?
        var lookupError: (any Error)?
        var stop = Stop.duration
        let reason = try runner.run(seconds: seconds) { report, now in
            if capture == nil, case .message(.reading) = report {
                let device = DeviceKey.key(address: runner.driver.machine.deviceAddress, connection: runner.connection)
                let display: ForceDisplay
                do {
                    display = ForceDisplay(calibration: try Storage.calibrations.calibration(for: device), unit: unit)
                } catch {
                    lookupError = error
                    return false
                }
                capture = SessionCapture(
                    device: device, display: display, at: now, wallClock: runner.wallClock, untilRelease: untilRelease,
                    label: label, hand: hand, protocolName: protocolName, trial: trial)
                onStart(display, device)
            }
            guard var active = capture else { return true }
            let event = active.record(report, at: now)
            capture = active
            if case .message(.reading(let raw)) = report { onReading(raw, active.display) }
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
        guard var finished = capture else {
            throw CLIFailure(
                "No readings arrived, so nothing was recorded. Is the GripFit on and streaming? Try `gripfit-serial monitor`.",
                status: .unavailable)
        }
        let session = finished.finish(at: runner.clock.now())
        return Recording(session: session, stop: stop)
    }
}
