import ArgumentParser
import Foundation
import GripFitCore
import GripFitLinux
import GripFitStore

/// `gripfit-serial record`: one session (or a clinical protocol of six) into the history.
public struct Record: ParsableCommand {
    public static let configuration = CommandConfiguration(
        abstract: "Record a grip session and save it to the history.",
        discussion: """
            Readings are kept in memory and the session is saved once, when it stops: after \
            --duration, when the squeeze is released (--until-release), or on Ctrl-C / SIGTERM. \
            The history lives in $XDG_DATA_HOME/gripfit/history.sqlite.

            --protocol standard runs three trials per hand, alternating, with a rest countdown \
            between, then reports best and mean per hand and the left/right difference.

            Examples:
              gripfit-serial record --port /dev/ttyACM0 --until-release --hand right
              gripfit-serial record --simulate --duration 10 --label warmup
              gripfit-serial record --port /dev/ttyACM0 --protocol standard --rest 60
            """)

    @OptionGroup public var connection: ConnectionOptions

    @Option(
        parsing: .unconditional,
        help: "Record this many seconds, counted from the first reading (with --protocol: the longest a trial may last; default 10).",
        transform: SecondsOption.parser("--duration", minimum: 0, inclusive: false))
    public var duration: Double?

    @Flag(help: "Stop when the first squeeze is released.")
    public var untilRelease = false

    @Option(help: "A note saved with the session.")
    public var label: String?

    @Option(help: "Which hand squeezes: left or right (with --protocol: the hand to start with).")
    public var hand: Hand?

    @Option(help: "Unit for the summary: kg, lb or N.")
    public var unit: ForceUnit = .kilograms

    @Option(name: .customLong("protocol"), help: "Run an assessment protocol: standard.")
    public var protocolName: RecordProtocol?

    @Option(
        parsing: .unconditional, help: "With --protocol: seconds of rest between trials.",
        transform: SecondsOption.parser("--rest", minimum: 0))
    public var rest: Double = 30

    public init() {}

    public func validate() throws {
        if protocolName == nil, rest != 30 { throw ValidationError("--rest applies to --protocol only.") }
    }

    public func run() throws {
        StandardOutput.ignoreBrokenPipe()
        let store = try Storage.history()
        let runner = SessionRunner(connection: try connection.connect())
        if protocolName == .standard {
            try runProtocol(runner: runner, store: store)
            return
        }
        let live = StandardOutput.isTerminal
        var peak = -Double.infinity
        let recording = try Recording.run(
            runner: runner, seconds: duration, untilRelease: untilRelease, label: label, hand: hand, display: unit,
            onStart: { display, device in
                if !display.isCalibrated { StandardOutput.error("gripfit-serial: \(device): \(ForceDisplay.uncalibratedNotice)") }
            },
            onReading: { raw, display in
                guard live else { return }
                let value = display.value(raw: raw) ?? Double(raw)
                peak = max(peak, value)
                let peakText = display.isCalibrated ? "\(peak.formatted(decimals: 2)) \(unit.rawValue)" : "\(Int(peak)) raw"
                StandardOutput.write("\r\u{1B}[2K● recording  \(display.text(raw: raw))  peak \(peakText)")
            })
        if live { StandardOutput.line("") }
        let outcome = try SignalShield.run { try store.save(recording.session) }
        report(outcome, recording)
    }

    private func report(_ outcome: SaveOutcome, _ recording: Recording) {
        let display = ForceDisplay(calibration: recording.session.calibration, unit: unit)
        switch outcome {
        case .inserted(let id):
            StandardOutput.line("saved " + SessionText.oneLine(recording.session, id: id, display: display) + stopNote(recording.stop))
        case .duplicate(let id):
            StandardOutput.line("already saved as session \(id)")
        }
    }

    private func stopNote(_ stop: Recording.Stop) -> String {
        switch stop {
        case .duration: ""
        case .released: " (squeeze released)"
        case .full: " (memory limit reached)"
        case .signal(let number): " (stopped by \(number == SIGTERM ? "SIGTERM" : number == SIGINT ? "Ctrl-C" : "signal \(number)"))"
        }
    }

    // MARK: - Protocol

    private func runProtocol(runner: SessionRunner, store: SessionStore) throws {
        let first = hand ?? .right
        var results: [Hand: [Double]] = [:]
        var calibrated = false
        let trials = (0..<(2 * RecordProtocol.trialsPerHand)).map { index in
            (hand: index % 2 == 0 ? first : first.other, number: index / 2 + 1)
        }
        for (index, trial) in trials.enumerated() {
            if index > 0, rest > 0, !(try Countdown.run(seconds: rest, before: "\(trial.hand) hand")) {
                StandardOutput.error("gripfit-serial: protocol stopped during the rest; finished trials are saved.")
                break
            }
            StandardOutput.line(
                "Trial \(index + 1)/\(trials.count): \(trial.hand.rawValue) hand, squeeze as hard as you can, then let go.")
            let recording = try Recording.run(
                runner: runner, seconds: duration ?? 10, untilRelease: true, label: label, hand: trial.hand,
                protocolName: RecordProtocol.standard.rawValue, trial: trial.number, display: unit,
                onStart: { display, device in
                    if index == 0, !display.isCalibrated {
                        StandardOutput.error("gripfit-serial: \(device): \(ForceDisplay.uncalibratedNotice)")
                    }
                })
            let outcome = try SignalShield.run { try store.save(recording.session) }
            report(outcome, recording)
            calibrated = recording.session.calibration != nil
            results[trial.hand, default: []].append(recording.session.summary.peak)
            if case .signal = recording.stop {
                StandardOutput.error("gripfit-serial: protocol stopped; finished trials are saved.")
                break
            }
        }
        for line in ProtocolReport.lines(results, calibrated: calibrated, unit: unit) { StandardOutput.line(line) }
    }
}
