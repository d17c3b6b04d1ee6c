import GripFitCore
import GripFitOutput
import GripFitRecords

/// `monitor`'s live view (and `record`'s, beside the recording) as a session consumer: the force
/// (calibrated through the session's ``CalibrationStage``), its peak and sparkline in a ``LiveView``, events as notices above it,
/// the clock redrawn every second, and the keys: t (tare, guarded by a ``TareGuard``), p (reset
/// the peak), q (quit). Draws on a ``LiveScreen``, so a test reads what a terminal would show.
public final class LiveMonitor: LinkConsumer {
    /// Readings are drawn at most this often; the clock every second.
    public static let redrawInterval: Duration = .milliseconds(50)

    public private(set) var view: LiveView
    public private(set) var nextDeadline: MonotonicInstant?
    /// q was pressed: the session ends at the user's word (a recording beside the view says so).
    public private(set) var quit = false
    private var display: ForceDisplay?
    /// The stage's zero as of the last report, for the tare guard and its refusal.
    private var zero: ZeroTracker?
    private let unit: ForceUnit
    private var tare: TareGuard
    private var lastDraw: MonotonicInstant?
    private let screen: any LiveScreen

    /// Shows forces in `unit` once the device's calibration is known; starts its clock at `start`.
    public init(unit: ForceUnit, screen: any LiveScreen, start: MonotonicInstant) {
        self.unit = unit
        self.screen = screen
        view = LiveView(start: start, scale: Self.scale(ForceDisplay(calibration: nil, unit: unit)))
        // Loaded: over half the rep threshold above the lowest reading so far, until a calibration says kilograms.
        tare = TareGuard(loadedAbove: ReleaseThreshold.raw / 2)
        nextDeadline = start + .seconds(1)
    }

    /// The view as it stands, for the last draw when the session ends.
    public func lines(at now: MonotonicInstant) -> [String] {
        view.lines(width: screen.width, now: now)
    }

    public func redraw(at now: MonotonicInstant) {
        screen.redraw(lines(at: now))
        lastDraw = now
    }

    public func handle(
        _ input: CalibratedReport,
        at now: MonotonicInstant,
        link: LinkFacts,
        into actions: inout [ConsumerAction]
    ) {
        let (calibrated, stage) = (input.output, input.stage)
        let report = calibrated.report
        zero = stage.zero
        if display == nil, case .message(.reading) = report {
            // Readings wait (a few seconds at most) until the GripFit's identity picks the calibration.
            guard let decided = calibrated.decided else { return }
            for line in CalibrationNotice.lines(decided) { notice(line, at: now) }
            let found = ForceDisplay(calibration: stage.record, unit: unit)
            display = found
            view.scale = Self.scale(found)
            if found.isCalibrated { tare = TareGuard(loadedAbove: ReleaseThreshold.calibrated / 2) }
        }
        switch report {
        case .message(.reading(let raw)):
            view.reading(raw: raw, force: display?.value(kilograms: calibrated.kilograms, raw: raw) ?? Double(raw), at: now)
            if lastDraw.map({ now - $0 >= Self.redrawInterval }) ?? true { redraw(at: now) }
        case .state(let state):
            view.linkChanged(state)
            event(report, at: now)
        case .message(.device(let info)):
            view.firmware = UntrustedText.escaped(info.firmware)
            event(report, at: now)
        case .commandFinished(.device(.tare), let outcome):
            let time = screen.time(at: now)
            switch outcome {
            case .succeeded: notice("\(time) tared", at: now)
            case .failed(let failure): notice("\(time) tare failed: \(failure)", at: now)
            }
        default:
            event(report, at: now)
        }
    }

    /// The clock in the view moves even when no reading comes.
    public func tick(at now: MonotonicInstant, link: LinkFacts, into actions: inout [ConsumerAction]) {
        redraw(at: now)
        nextDeadline = now + .seconds(1)
    }

    /// A key pressed: t tares (unless the handle is loaded; pressed again within the guard's window,
    /// anyway), p resets the peak, q quits. Returns what the session should do.
    public func press(_ key: UInt8, at now: MonotonicInstant) -> ConsumerAction? {
        switch key {
        case UInt8(ascii: "t"), UInt8(ascii: "T"):
            let time = screen.time(at: now)
            switch tare.request(load: load, at: now) {
            case .tare:
                notice("\(time) tare requested", at: now)
                return .submit(.device(.tare))
            case .refused(let load):
                let reads =
                    if let display, display.isCalibrated, let raw = view.raw {
                        "reads \(display.text(kilograms: zero?.value(raw: raw, in: .kilograms), raw: raw))"
                    } else {
                        "is \(load.formatted(decimals: 0)) raw above its lowest reading so far"
                    }
                notice(
                    "\(time) not tared: the handle \(reads), and a tare now would make that load the zero. "
                        + "Let go first, then press t; if nothing is on it, press t again within "
                        + "\(tare.confirmWindow.components.seconds) s to tare anyway.",
                    at: now
                )
                return nil
            }
        case UInt8(ascii: "p"), UInt8(ascii: "P"):
            view.resetPeak()
            redraw(at: now)
            return nil
        case UInt8(ascii: "q"), UInt8(ascii: "Q"):
            quit = true
            return .stop
        default:
            return nil
        }
    }

    /// The handle's load for the tare guard: kilograms above the zero when calibrated, counts above
    /// the lowest reading so far otherwise; nil before the first reading.
    private var load: Double? {
        guard let raw = view.raw else { return nil }
        if let display, display.isCalibrated { return zero?.value(raw: raw, in: .kilograms) }
        guard let force = view.force, let low = view.low else { return nil }
        return force - low
    }

    private func notice(_ text: String, at now: MonotonicInstant) {
        screen.notice(text, view: lines(at: now))
        lastDraw = now
    }

    private func event(_ report: LinkReport, at now: MonotonicInstant) {
        if let text = screen.line(for: report, time: screen.time(at: now)) { notice(text, at: now) }
    }

    private static func scale(_ display: ForceDisplay) -> LiveView.Scale {
        LiveView.Scale(unit: display.unitName, decimals: display.decimals, calibrated: display.isCalibrated)
    }
}
