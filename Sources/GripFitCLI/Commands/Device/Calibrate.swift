import ArgumentParser
import GripFitCore
import GripFitLinux
import GripFitLive
import GripFitRecords
import GripFitSimulator
import GripFitStore

/// `gripfit-serial calibrate`: two-point calibration, stored per device.
struct Calibrate: ParsableCommand {
    static let configuration = CommandConfiguration(
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
            """
    )

    @OptionGroup var connection: ConnectionOptions

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("The known mass, with its unit: 10kg, 22lb, 98N.", valueName: "force"),
        transform: ForceQuantity.parser("--mass")
    )
    var mass: ForceQuantity

    /// At least 3 s: each step averages 2 s of readings.
    @Option(
        parsing: .unconditional,
        help: "Seconds to wait for each step to be steady before giving up (at least 3).",
        transform: SecondsOption.parser("--timeout", minimum: 3)
    )
    var timeout: Double = 30

    init() {}

    func validate() throws {
        if !connection.simulator.load.isEmpty { throw ValidationError("calibrate places the simulator's load itself; drop --load.") }
    }

    func run() throws {
        try run(station: Station(), to: StandardStreams())
    }

    /// The command on `station`'s files, writing to `output`: the binary's streams, or a test's
    /// capture, its simulator on a thread of the test process (issue 32).
    func run(station: Station, to output: any CommandOutput) throws {
        let book = station.calibrations
        try book.checkCanSave()
        let link = try connection.connect(pins: station.pins)
        let runner = SessionRunner(connection: link)
        let procedure = CalibrationProcedure(mass: mass, timeout: Duration(seconds: timeout)) { event in
            switch event {
            case .prompt(.zero): output.line("Step 1/2: put the dynamometer down with nothing on the handle and keep it still.")
            case .prompt(.load(let mass)): output.line("Step 2/2: hang \(mass) from the handle and keep it still.")
            case .setLoad(let kilograms): link.simulator?.setLoad(.constant(kilograms: kilograms))
            case .done, .failed: break
            }
        }
        // Only the key is needed here: the calibration being made is the one to file.
        let session = CalibratedSession(stage: LiveCalibration(fallbackKey: link.source.portKey) { _ in nil }, consumers: [procedure])
        runner.driver.consumers = [session]
        defer { runner.driver.consumers = [] }
        procedure.start()
        let reason = try runner.run(seconds: nil) { _, _ in true }
        switch procedure.result {
        case .failure(let error)?: throw error
        case .success(let calibration)?:
            let facts = LinkFacts(runner.driver.machine, portOpen: runner.driver.openPortPath != nil)
            try save(calibration, device: session.stage.settle(link: facts), in: station, to: output)
        case nil:
            if case .signal(let number) = reason {
                throw CLIFailure.interrupted(by: number, "calibration stopped before both steps were measured. Nothing was saved.")
            }
            throw CLIFailure("Calibration was interrupted before both steps were measured. Nothing was saved.", status: .temporaryFailure)
        }
    }

    /// Files a plausible calibration under the device the session settled on, and says where.
    private func save(
        _ calibration: Calibration,
        device settled: (key: String, notice: String?),
        in station: Station,
        to output: any CommandOutput
    ) throws {
        guard
            StoredCalibration.isPlausible(
                offset: calibration.offset,
                countsPerKilogram: calibration.countsPerKilogram,
                massKilograms: mass.kilograms
            )
        else {
            throw CLIFailure(
                "Calibration refused: \(mass) gives \(calibration.countsPerKilogram) counts/kg, which no load cell reads. "
                    + "Check the mass and calibrate again. Nothing was saved.",
                status: .dataError
            )
        }
        let (device, notice) = settled
        if let notice { output.error("gripfit-serial: \(notice)") }
        let stored = StoredCalibration(
            device: device,
            calibration: calibration,
            date: Timestamp.rfc3339(milliseconds: Timestamp.now()),
            massKilograms: mass.kilograms
        )
        let book = station.calibrations
        try book.save(stored)
        output.line(
            "calibrated \(device): \(calibration.countsPerKilogram.formatted(decimals: 1)) counts/kg, zero at "
                + "\(calibration.offset.formatted(decimals: 0)) counts; saved to \(book.path)"
        )
        station.shareCalibrationIfShared()
        station.auditInDefaultHistory(AuditEvent(.calibrate, detail: "device \(device)"))
        if calibration.offset <= 2 * ZeroTracker.untaredMarginKilograms * calibration.countsPerKilogram {
            // A tared GripFit's zero is near 0 counts too; then readings after a power cycle would be off by its own zero.
            output.error(
                "gripfit-serial: warning: the zero reads \(calibration.offset.formatted(decimals: 0)) counts, near 0, as on a "
                    + "tared GripFit. If it was tared (`tare`, or `t` in monitor), switch it off and on and calibrate "
                    + "again, or kg will be wrong after its next power cycle; an untared load cell that reads near 0 is fine."
            )
        }
    }
}
