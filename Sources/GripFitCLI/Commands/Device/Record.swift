import ArgumentParser
import Foundation
import GripFitClinical
import GripFitCore
import GripFitExchange
import GripFitLinux
import GripFitLive
import GripFitOutput
import GripFitRecords
import GripFitStore

/// `gripfit-serial record`: one session (or a clinical protocol of six) into the history.
struct Record: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Record a grip session and save it to the history.",
        discussion: """
            Readings are kept in memory and the session is saved once, when it stops: after \
            --duration, when the squeeze is released (--until-release), or on Ctrl-C / SIGTERM. \
            The history lives in $XDG_DATA_HOME/gripfit/history.sqlite. On a terminal the live view \
            of `monitor` shows beside it, and q stops the recording (saved). --duration S is S seconds \
            of readings, counted from the first. --label is one line of at most 200 characters (a \
            longer one, or one holding a control character, is refused, exit 64).

            --protocol NAME runs a named protocol: standard (three trials per hand, --trials, \
            alternating), southampton (3 per hand, alternating, right first; the maximum of all six), \
            asht (3 per hand, at least 15 s rest; the mean of three per hand), nih-toolbox (one \
            practice and one test trial per hand, dominant first), sustained (one maximal grip of the \
            dominant hand held up to --duration, 30 s; FR75/FR50/FR25, the time from the peak to fall \
            to 75/50/25 % of it, from the readings' own times, or "did not fall to 25 % within 30 s"), \
            intermittent (12 grips of 3 s, 5 s rest, dominant hand; the fatigue index (PT1 - PT12) / \
            PT1 x 100 and the least-squares slope of the peaks in kg per trial), rapid-exchange (10 \
            squeezes per hand, alternating on a cue every 1.5 s; the mean per hand and its ratio to \
            the best of the subject's latest static assessment, as information with its caveat, never \
            a verdict). --trials, --rest and --hand change \
            only what the protocol allows, and are refused naming the protocol otherwise. Each has a \
            rest countdown between trials. Before each trial it waits for a still, unloaded handle, then says \
            "Squeeze now" and shows the force live; a handle still under load is never cued: it \
            says what it reads and to let go (or to tare a handle that is empty). Without a \
            calibration or a tare, the handle must first be seen squeezed and let go. A trial that \
            was already above the rep threshold at the cue, had no squeeze, or was cut short \
            (--duration, a lost link) is flagged, saved with the flag in its label and offered again \
            (three attempts per trial). Trials are numbered per hand ("Trial 2 of 3, left hand"), \
            in the cues as in the summary and the saved sessions. The summary reports best and mean \
            per hand, naming the trials behind them. The run is saved as one assessment \
            (`show A<n>`) owning every attempt, flagged ones included; its other figures \
            (population SD, CV, the left/right difference, the dominance ratio with --subject) follow, \
            then the norm, EWGSOP2 and trial-consistency lines of `show A<n>` (--ewgsop2-men, \
            --ewgsop2-women, --consistency set their thresholds).

            Examples:
              gripfit-serial record --port /dev/ttyACM0 --until-release --hand right
              gripfit-serial record --simulate --duration 10 --label warmup
              gripfit-serial record --port /dev/ttyACM0 --protocol standard --rest 60
              gripfit-serial record --protocol standard --subject P017
              gripfit-serial record --simulate --protocol southampton \\
                  --person right=30,32,31 --person left=25,24,26
              gripfit-serial record --simulate --protocol sustained \\
                  --person right=40 --person-hold 40 --person-fade 3

            The simulated person (--person) squeezes on each cue: after --person-reaction seconds the \
            force rises linearly over --person-rise seconds to the hand's next peak, is held for \
            --person-hold seconds while it falls by --person-fade per cent of the peak per second, \
            then falls at --person-release kg per second to nothing. So a sustained grip of peak P \
            with fade F has FR50 = 50 / F seconds; an intermittent run's fatigue index is that of \
            the first and last scripted peaks.
            """
    )

    @OptionGroup var connection: ConnectionOptions

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Record this many seconds, counted from the first reading (with --protocol: the longest a trial may last; "
                + "the protocol's own by default: 10, 30 for sustained (its cut-off), 3 for intermittent)."
        ),
        transform: SecondsOption.parser("--duration", minimum: 0, inclusive: false)
    )
    var duration: Double?

    @Flag(help: "Stop when the first squeeze is released.")
    var untilRelease = false

    @Option(help: "A note saved with the session (at most 200 characters, one line).")
    var label: String?

    @Option(help: "The subject measured, by code (`gripfit-serial subject add` adds one); checked before any reading.")
    var subject: String?

    @Option(help: "Which hand squeezes: left or right (with --protocol: the hand to start with).")
    var hand: Hand?

    @OptionGroup var unitOption: UnitOption
    var unit: ForceUnit { unitOption.resolved }

    @OptionGroup var clinicalOptions: ClinicalOptions

    @Option(name: .customLong("protocol"), help: ArgumentHelp("Run an assessment protocol: \(GripProtocol.names).", valueName: "name"))
    var protocolName: GripProtocol?

    @Option(
        parsing: .unconditional,
        help: "With --protocol: seconds of rest between trials (0 to 3600; the protocol's own by default, 30 for standard).",
        transform: SecondsOption.parser(
            "--rest",
            minimum: GuidedProtocol.Settings.restSecondsRange.lowerBound,
            maximum: GuidedProtocol.Settings.restSecondsRange.upperBound
        )
    )
    var rest: Double?

    @Option(
        parsing: .unconditional,
        help: "With --protocol: trials per hand (the protocol's own by default and range: 3, 1 to 5 for standard)."
    )
    var trials: Int?

    init() {}

    func validate() throws {
        if let label, let refusal = CleanText.refusal(label) { throw ValidationError("--label \(refusal); nothing was recorded.") }
        if protocolName != nil, untilRelease {
            throw ValidationError(
                "--until-release applies to a single recording; with --protocol every trial already ends when its squeeze is released."
            )
        }
        if protocolName == nil, rest != nil { throw ValidationError("--rest applies to --protocol only.") }
        let range = protocolName?.trialsRange ?? GuidedProtocol.Settings.trialsPerHandRange
        if let trials, !range.contains(trials) {
            throw ValidationError("--trials must be \(range.lowerBound) to \(range.upperBound) trials per hand; got \(trials).")
        }
        if protocolName == nil, trials != nil {
            throw ValidationError("--trials applies to --protocol only.")
        }
        if let chosen = protocolName { try Self.checkOverrides(of: chosen, trials: trials, rest: rest, hand: hand) }
        if protocolName == nil, !connection.simulator.person.isEmpty {
            throw ValidationError("--person squeezes on the cues of a guided protocol; add --protocol NAME (\(GripProtocol.names)).")
        }
        if protocolName != nil, let duration, duration > 600 {
            throw ValidationError("With --protocol, --duration (the longest a trial may last) must be at most 600 seconds.")
        }
    }

    @OptionGroup var historyOption: HistoryOption

    func run() throws {
        try run(station: Station(), to: StandardStreams(), terminal: StandardOutput.isCapableTerminal)
    }

    /// The command on `station`'s files, writing to `output`: the binary's streams, or a test's
    /// capture off a terminal, its simulator on a thread of the test process (issue 32). A protocol's
    /// report is wrapped at `columns`, or at the window's width when it is printed; `signals` stops
    /// the recording as SIGINT and SIGTERM do (nil: the process's).
    func run(
        station: Station,
        to output: any CommandOutput,
        terminal: Bool,
        columns: Int? = nil,
        signals: SignalPipe? = nil
    ) throws {
        let store = try station.historyToRecord(historyOption)
        let subject = try self.subject.map { code throws in try store.subject(code: code) }
        var runner = SessionRunner(connection: try connection.connect(pins: station.pins))
        runner.signals = signals
        if protocolName != nil {
            try runProtocol(
                runner: runner,
                station: station,
                store: store,
                subject: subject,
                to: output,
                terminal: terminal,
                columns: columns
            )
            return
        }
        let tags = SessionTags(label: label, hand: hand)
        var recording: Recording
        if terminal {
            // The live view beside the recording, on the same calibrated session: its notices go above the view.
            let view = try LiveViewSession(runner: runner, unit: unit)
            recording = try view.run {
                try Recording.run(
                    runner: runner,
                    calibrations: station.calibrations,
                    seconds: duration,
                    untilRelease: untilRelease,
                    tags: tags,
                    unit: unit,
                    others: [view.monitor]
                )
            }
            if view.monitor.quit, recording.stop == .duration { recording.stop = .quit }
        } else {
            recording = try Recording.run(
                runner: runner,
                calibrations: station.calibrations,
                seconds: duration,
                untilRelease: untilRelease,
                tags: tags,
                unit: unit
            ) { event in
                switch event {
                case .notice(let text):
                    output.error("gripfit-serial: \(text)")
                case .started(let device, let display):
                    if !display.isCalibrated { output.error("gripfit-serial: \(device): \(ForceDisplay.uncalibratedNotice)") }
                }
            }
        }
        recording.session.tags.subject = subject?.code
        recording.session.uid = StableName.random()
        report(try station.save(recording.session) { store }, recording, in: store, to: output)
        station.audit(store).record(.session(.record, recording.session))
    }

    /// "saved session 3 (s-…), peak …": the history's number, then the name every station knows it by;
    /// a session pending on this station has the name alone (the station file's number is no one else's).
    private func report(_ id: Int64, _ recording: Recording, in store: any SessionHistory, to output: any CommandOutput) {
        let display = ForceDisplay(calibration: recording.session.calibration, unit: unit)
        let name = recording.session.name ?? ""
        let naming = Self.isPending(store) ? name : "\(id) (\(name))"
        let line = SessionText.oneLine(recording.session, id: nil, display: display).dropFirst("session".count)
        output.line("saved session \(naming)" + line + stopNote(recording.stop))
    }

    /// Whether what was just saved went to this station's file, pending, the server being away.
    private static func isPending(_ store: any SessionHistory) -> Bool {
        (store as? StationHistory)?.isAway == true
    }

    private func stopNote(_ stop: Recording.Stop) -> String {
        switch stop {
        case .duration: ""
        case .released: " (squeeze released)"
        case .full: " (memory limit reached)"
        case .quit: " (stopped with q)"
        case .signal(let number): " (stopped by \(number == SIGTERM ? "SIGTERM" : number == SIGINT ? "Ctrl-C" : "signal \(number)"))"
        }
    }

    // MARK: - Protocol

    /// Refuses an override `protocol` does not allow, naming the protocol and what it fixes.
    static func checkOverrides(of protocol: GripProtocol, trials: Int?, rest: Double?, hand: Hand?) throws {
        let name = `protocol`.name
        if trials != nil, !`protocol`.overrides.contains(.trials) {
            throw ValidationError(
                "--trials: the \(name) protocol fixes its trials at \(`protocol`.trialsPerHand) per hand"
                    + (`protocol`.practicePerHand > 0 ? " after \(`protocol`.practicePerHand) practice trial per hand" : "")
                    + "; leave --trials out, or use --protocol standard to choose the number."
            )
        }
        if rest != nil, !`protocol`.overrides.contains(.rest) {
            throw ValidationError("--rest: the \(name) protocol fixes its rest at \(Int(`protocol`.restSeconds)) s; leave --rest out.")
        }
        if let rest, !`protocol`.restRange.contains(rest) {
            let range = `protocol`.restRange
            throw ValidationError(
                "--rest \(rest.formatted(decimals: 0)): the \(name) protocol rests \(Int(range.lowerBound)) to \(Int(range.upperBound)) s "
                    + "between trials; give a rest in that range or leave --rest out (\(Int(`protocol`.restSeconds)) s)."
            )
        }
        if hand != nil, !`protocol`.overrides.contains(.hand) {
            throw ValidationError("--hand: the \(name) protocol fixes which hand starts; leave --hand out.")
        }
    }

    private func runProtocol(
        runner: SessionRunner,
        station: Station,
        store: any SessionHistory,
        subject: Subject?,
        to output: any CommandOutput,
        terminal: Bool,
        columns: Int?
    ) throws {
        let chosen = protocolName ?? .standard
        let settings = GuidedRun.settings(
            for: chosen,
            trials: trials,
            first: hand,
            dominant: subject?.dominant?.hand,
            rest: rest,
            trialLimit: duration
        )
        var guided = GuidedRecording(
            runner: runner,
            station: station,
            store: store,
            definition: chosen,
            settings: settings,
            label: label,
            unit: unit,
            subject: subject?.code,
            output: output,
            live: terminal,
            onSaved: { id, session in
                report(id, Recording(session: session, stop: .duration), in: store, to: output)
            }
        )
        if let dongle = runner.connection.simulator {
            // The scripted person (--person) hears each cue: the trial's place among its hand's, practice first.
            guided.onCue = { trial in
                dongle.cue(trial.side, slot: settings.cueSlot(of: trial))
            }
        }
        let (summary, display, stopped) = try guided.run()
        if stopped { output.error("gripfit-serial: protocol stopped; finished trials are saved.") }
        let width = columns ?? WindowResize.columns()
        // The difference is the assessment's, printed once with its figures below (issue 33).
        let lines = ProtocolReport.lines(summary, display: display, width: width, difference: guided.filing.assessment == nil)
        for line in lines { output.line(line) }
        guard let id = guided.filing.assessment else { return }
        // The figures from the stored attempts, as `show A<n>` gives them again.
        let assessment = try store.assessment(id: id)
        station.audit(store).record(.assessment(.record, assessment, detail: "protocol standard"))
        output.line("")
        let of = subject.map { " of \(UntrustedText.escaped($0.code))" } ?? ""
        let name = assessment.stableName ?? ""
        output.line(Self.isPending(store) ? "saved assessment \(name)\(of)" : "saved assessment \(assessment.name)\(of) (\(name))")
        // The subject as checked before the run: its lines need no trend, so no other assessment is
        // read (with the server away, this station holds only its own), unless the run is a rapid
        // exchange, set beside the subject's latest static assessment.
        var others: [StoredAssessment] = []
        if chosen.statistic == .rapidExchange, let subject { others = try store.assessments(subject: subject.code) }
        let view = ClinicalView(
            assessment: assessment,
            subject: subject,
            others: others,
            settings: try clinicalOptions.settings(),
            timeZone: .current,
            traces: try ClinicalViews.traces(of: assessment, in: store)
        )
        for line in AssessmentText.clinical(view, unit: unit, width: width, bestAndMeanShown: true) {
            output.line(line)
        }
    }
}
