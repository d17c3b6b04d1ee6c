import ArgumentParser
import GripFitCore
import GripFitLinux
import GripFitRecords
import GripFitSimulator
import GripFitStore

/// `gripfit-serial calibrate`: two-point calibration, stored per device.
public struct Calibrate: ParsableCommand {
    public static let configuration = CommandConfiguration(
        abstract: "Calibrate the GripFit with a known mass, so readings show kg, lb or N.",
        discussion: """
            Two steps, each averaging 2 s of still readings: first with nothing on the handle, then \
            with the known mass hanging from it. Unsteady readings are refused. The result is stored \
            under $XDG_CONFIG_HOME/gripfit/calibrations.json for this GripFit (its BLE address, else \
            the dongle's USB serial number), with the date.

            With --simulate, the simulator hangs the mass itself: its scale is \
            \(SimulatorScale.countsPerKilogram) counts/kg from a baseline of \(SimulatorScale.baseline).

            Examples:
              gripfit-serial calibrate --port /dev/ttyACM0 --mass 10kg
              gripfit-serial calibrate --simulate --mass 22lb
            """)

    @OptionGroup public var connection: ConnectionOptions

    @Option(
        parsing: .unconditional, help: ArgumentHelp("The known mass, with its unit: 10kg, 22lb, 98N.", valueName: "force"),
        transform: ForceQuantity.parser("--mass"))
    public var mass: ForceQuantity

    /// At least 3 s: each step averages 2 s of readings.
    @Option(
        parsing: .unconditional, help: "Seconds to wait for each step to be steady before giving up (at least 3).",
        transform: SecondsOption.parser("--timeout", minimum: 3))
    public var timeout: Double = 30

    public init() {}

    public func validate() throws {
        if !connection.simulator.load.isEmpty { throw ValidationError("calibrate places the simulator's load itself; drop --load.") }
    }

    private enum Step {
        case zero
        case load(CalibrationPoint)
        case done(Calibration)
        case failed(CalibrationError)
    }

    public func run() throws {
        let book = Storage.calibrations
        try book.checkCanSave()
        let link = try connection.connect()
        let simulator = link.simulator
        simulator?.setLoad(.constant(kilograms: 0))
        let runner = SessionRunner(connection: link)
        var step = Step.zero
        var window = StableWindow()
        var stepStarted: MonotonicInstant?
        // Only the key is needed here: the calibration being made is the one to file.
        var stage = CalibrationLookup.Stage(fallbackKey: link.source.portKey) { _ in nil }
        func facts() -> LinkFacts { LinkFacts(runner.driver.machine, portOpen: runner.driver.openPortPath != nil) }
        StandardOutput.line("Step 1/2: put the dynamometer down with nothing on the handle and keep it still.")
        let reason = try runner.run(seconds: nil) { report, now in
            _ = stage.handle(report, at: now, link: facts())
            guard case .message(.reading(let raw)) = report else { return true }
            let started = stepStarted ?? now
            stepStarted = started
            let point = window.add(raw, at: now)
            switch step {
            case .zero:
                if let point {
                    step = .load(point)
                    window.reset()
                    stepStarted = now
                    StandardOutput.line("Step 2/2: hang \(mass) from the handle and keep it still.")
                    simulator?.setLoad(.constant(kilograms: mass.kilograms))
                } else if now - started > Duration(seconds: timeout) {
                    step = .failed(
                        .unstable(standardDeviation: window.lastStandardDeviation ?? .infinity, limit: window.maximumStandardDeviation))
                }
            case .load(let zero):
                if let point, point.mean - zero.mean >= CalibrationFit.defaultMinimumDeltaCounts {
                    switch CalibrationFit.fit(zero: zero, load: point, known: mass) {
                    case .success(let calibration): step = .done(calibration)
                    case .failure(let error): step = .failed(error)
                    }
                } else if now - started > Duration(seconds: timeout) {
                    if let point {
                        step = .failed(
                            .loadNotDetected(deltaCounts: point.mean - zero.mean, minimum: CalibrationFit.defaultMinimumDeltaCounts))
                    } else {
                        step = .failed(
                            .unstable(standardDeviation: window.lastStandardDeviation ?? .infinity, limit: window.maximumStandardDeviation))
                    }
                }
            case .done, .failed:
                break
            }
            switch step {
            case .done, .failed: return false
            case .zero, .load: return true
            }
        }
        switch step {
        case .failed(let error):
            throw error
        case .zero, .load:
            if case .signal(let number) = reason {
                throw CLIFailure.interrupted(by: number, "calibration stopped before both steps were measured. Nothing was saved.")
            }
            throw CLIFailure("Calibration was interrupted before both steps were measured. Nothing was saved.", status: .temporaryFailure)
        case .done(let calibration):
            guard
                StoredCalibration.isPlausible(
                    offset: calibration.offset, countsPerKilogram: calibration.countsPerKilogram, massKilograms: mass.kilograms)
            else {
                throw CLIFailure(
                    "Calibration refused: \(mass) gives \(calibration.countsPerKilogram) counts/kg, which no load cell reads. "
                        + "Check the mass and calibrate again. Nothing was saved.", status: .dataError)
            }
            let (device, notice) = stage.settle(link: facts())
            if let notice { StandardOutput.error("gripfit-serial: \(notice)") }
            let stored = StoredCalibration(
                device: device, calibration: calibration,
                date: Timestamp.rfc3339(milliseconds: Timestamp.now()), massKilograms: mass.kilograms)
            try book.save(stored)
            StandardOutput.line(
                "calibrated \(device): \(calibration.countsPerKilogram.formatted(decimals: 1)) counts/kg, zero at "
                    + "\(calibration.offset.formatted(decimals: 0)) counts; saved to \(book.path)")
            Storage.shareCalibrationIfShared()
            if calibration.offset <= 2 * ZeroTracker.untaredMarginKilograms * calibration.countsPerKilogram {
                // A tared GripFit's zero is near 0 counts too; then readings after a power cycle would be off by its own zero.
                StandardOutput.error(
                    "gripfit-serial: warning: the zero reads \(calibration.offset.formatted(decimals: 0)) counts, near 0, as on a "
                        + "tared GripFit. If it was tared (`tare`, or `t` in monitor), switch it off and on and calibrate "
                        + "again, or kg will be wrong after its next power cycle; an untared load cell that reads near 0 is fine.")
            }
        }
    }
}
