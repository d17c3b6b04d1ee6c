import ArgumentParser
import GripFitCore
import GripFitLinux
import GripFitOutput

/// `gripfit-serial monitor`: live readings and everything else the dongle says.
public struct Monitor: ParsableCommand {
    public static let configuration = CommandConfiguration(
        abstract: "Show live readings from the GripFit.",
        discussion: """
            Runs until --duration passes or Ctrl-C. If the dongle is unplugged or the link drops, \
            the session reconnects by itself and the output marks the gap with a state event.

            Examples:
              gripfit-serial monitor --simulate
              gripfit-serial monitor --port /dev/ttyACM0 --format jsonl --duration 60 > grip.jsonl
              gripfit-serial monitor --port /dev/ttyACM0 --format csv
              gripfit-serial monitor --port /dev/ttyACM0 --unit kg
            """)

    @OptionGroup public var connection: ConnectionOptions

    @Option(
        parsing: .unconditional, help: "Stop after this many seconds of wall time, counted from the start (connecting included).",
        transform: SecondsOption.parser("--duration", minimum: 0, inclusive: false))
    public var duration: Double?

    @Option(help: "text (live view on a terminal), jsonl (one JSON object per event) or csv (time,raw).")
    public var format: OutputFormat = .text

    @Option(help: "Also show force in kg, lb or N, using this device's calibration (see `calibrate`).")
    public var unit: ForceUnit?

    public init() {}

    public func run() throws {
        StandardOutput.ignoreBrokenPipe()
        let runner = SessionRunner(connection: try connection.connect())
        let live = format == .text && StandardOutput.isTerminal
        var view = LiveView()
        let header = unit.map { "\(EventEncoder.csvHeader),force_\($0.rawValue)" } ?? EventEncoder.csvHeader
        if format == .csv, !StandardOutput.line(header) { return }
        var display: ForceDisplay?
        // With --unit, readings stay raw until the GripFit's identity picks the calibration.
        var gate = IdentityGate()
        _ = try runner.run(seconds: duration) { report, now in
            let time = WallClock.rfc3339(runner.wallClock.date(at: now))
            if let unit, display == nil, case .message(.reading) = report {
                let machine = runner.driver.machine
                let decision = gate.decide(readingAt: now, address: machine.deviceAddress, behindBridge: machine.behindBridge)
                if decision != .wait { display = try? calibratedDisplay(unit: unit, decision: decision, runner: runner) }
            }
            if display != nil {
                display?.observe(report)
                view.display = display
            }
            if let display, display.isCalibrated, !live, case .message(.reading(let raw)) = report {
                return StandardOutput.line(Self.reading(raw, time: time, display: display, format: format))
            }
            let text: String? =
                switch format {
                case .jsonl: EventEncoder.jsonl(report, time: time)
                case .csv: EventEncoder.csv(report, time: time)
                case .text: live ? view.render(report, time: time) : EventEncoder.text(report, time: time)
                }
            guard let text else { return true }
            return live ? StandardOutput.write(text) : StandardOutput.line(text)
        }
        if live { StandardOutput.line("") }
    }

    /// The device's calibration for `--unit`, or a notice that there is none.
    private func calibratedDisplay(unit: ForceUnit, decision: IdentityGate.Decision, runner: SessionRunner) throws -> ForceDisplay {
        let (device, notice) = DeviceKey.key(decision, connection: runner.connection)
        if let notice { StandardOutput.error("gripfit-serial: \(notice)") }
        let display = ForceDisplay(calibration: try Storage.calibrations.calibration(for: device), unit: unit)
        if !display.isCalibrated { StandardOutput.error("gripfit-serial: \(device): \(ForceDisplay.uncalibratedNotice)") }
        return display
    }

    static func reading(_ raw: Int32, time: String, display: ForceDisplay, format: OutputFormat) -> String {
        let value = display.value(raw: raw) ?? Double(raw)
        switch format {
        case .jsonl:
            var object = JSONObject()
            object.set("event", "reading")
            object.set("time", time)
            object.set("raw", Int(raw))
            object.set("force", (value * 1000).rounded() / 1000)
            object.set("unit", display.unitName)
            return object.text
        case .csv:
            return "\(time),\(raw),\(value.formatted(decimals: 3))"
        case .text:
            return "\(time) reading \(raw) = \(display.text(raw: raw))"
        }
    }
}
