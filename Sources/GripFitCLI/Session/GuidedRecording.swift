import GripFitCore
import GripFitLinux
import GripFitLive
import GripFitOutput
import GripFitRecords
import GripFitStore

/// `record --protocol`'s front end over one connection: a ``LiveGuidedRun`` (the protocol
/// and each attempt's recording, as the dashboard runs them) consuming the session; this saves each
/// attempt and shows the cues, the live force and the rest countdown (redrawn in place on a
/// terminal, plain lines otherwise).
struct GuidedRecording {
    var runner: SessionRunner
    /// Its calibrations and where the attempts are filed from.
    var station: Station
    var store: any SessionHistory
    /// The protocol run: its cue wording (its numbers are in `settings`).
    var definition: GripProtocol
    var settings: GuidedProtocol.Settings
    var label: String?
    var unit: ForceUnit
    /// The subject's code, checked to be in the history; nil for a run without `--subject`.
    var subject: String?
    /// Where the cues, notices and countdown go: the binary's streams, or a test's capture (issue 32).
    var output: any CommandOutput = StandardStreams()
    /// Whether `output` is a terminal that redraws the force and countdown in place.
    var live = StandardOutput.isCapableTerminal
    /// The run's subject and assessment, filed with its first attempt, so every attempt points at it.
    let filing = AssessmentFiling()
    /// Called with each saved attempt, for the `saved session …` line.
    var onSaved: (Int64, StoredSession) -> Void
    /// Called at each cue to squeeze, after it is shown: the simulator's scripted person follows it.
    var onCue: (GuidedProtocol.Trial) -> Void = { _ in }

    /// Runs the protocol to its end or a signal; returns its summary and the display it used.
    func run() throws -> (GuidedProtocol.Summary, ForceDisplay, stopped: Bool) {
        var line = StatusLine()

        func say(_ text: String) {
            line.clear()
            output.line(text)
        }
        /// One line redrawn in place, cut to the window so it never wraps (a wrapped line would leave copies).
        func status(_ text: String) {
            line.show(TerminalText.fit(text, width: WindowResize.columns()).first ?? "")
        }

        func show(_ event: LiveGuidedRun.Event) {
            switch event {
            case .notice(let text):
                output.error("gripfit-serial: \(text)")
            case .uncalibrated(let device):
                output.error("gripfit-serial: \(device): \(ForceDisplay.uncalibratedNotice)")
            case .step(let step, let display):
                showAction(step.action, display: display)
            case .squeezing(let force, let peak, let display):
                if live {
                    status(
                        "● \(display.text(stored: force, calibrated: display.isCalibrated))"
                            + "   peak \(display.text(stored: peak, calibrated: display.isCalibrated))"
                    )
                }
            case .waiting(let holdup, let display):
                if live { status(Self.waitingStatus(holdup, display: display)) }
            }
        }
        func showAction(_ action: GuidedProtocol.Action, display: ForceDisplay) {
            switch action {
            case .settle(let trial, let attempt):
                say(
                    Self.name(trial, settings: settings)
                        + (attempt > 1 ? " (again, attempt \(attempt))" : "")
                        + ": let go of the handle and hold it still…"
                )
            case .waiting(_, _, let reason):
                say(Self.waiting(reason, display: display))
            case .squeezeNow(let trial, _):
                say(trial.practice ? definition.practiceCue : definition.cue)
                onCue(trial)
            case .attemptEnded(let attempt):
                line.clear()
                if let flag = attempt.flag, flag != .stopped {
                    let left = settings.attemptsPerTrial - attempt.attempt
                    say(
                        Self.name(attempt.trial, settings: settings) + ", flagged: \(flag); "
                            + (left > 0 ? "offering it again." : "no attempts left, moving on without it.")
                    )
                }
            case .rest(let seconds, let trial):
                let text = "rest: \(seconds) s before " + Self.name(trial, settings: settings, capitalized: false)
                if live {
                    status(text)
                } else if seconds % 10 == 0 || seconds <= 3 || seconds == Int((settings.rest / .seconds(1)).rounded(.up)) {
                    output.line(text)
                }
            case .finished:
                line.clear()
            }
        }

        filing.start(subject: subject, settings: settings)
        let guided = LiveGuidedRun(
            settings: settings,
            label: label,
            unit: unit,
            wallTime: runner.wallClock,
            save: { session in
                line.clear()
                var session = session
                session.uid = StableName.random()
                var saved = session
                let id = try filing.save(
                    session,
                    attempt: { attempt in
                        saved = attempt
                        return try station.save(attempt) { store }
                    },
                    first: { attempt, facts in
                        saved = attempt
                        let filed = try station.save(attempt, to: { store }) { store, attempt throws(StoreError) in
                            let first = try store.saveFirstAttempt(attempt, of: facts)
                            return (first.outcome, first.assessment)
                        }
                        return (filed.session, filed.filed)
                    }
                )
                onSaved(id, saved)
            },
            onEvent: show
        )
        let driver = runner.driver
        let stage = CalibrationLookup.stage(for: runner.connection, calibrations: station.calibrations)
        driver.consumers = [CalibratedSession(stage: stage, consumers: [guided])]
        defer { driver.consumers = [] }
        let reason = try runner.run(seconds: nil) { _, _ in true }
        if let failure = guided.failure { throw failure }
        if case .signal = reason {
            guided.stop(at: runner.clock.now(), link: LinkFacts(driver.machine, portOpen: driver.openPortPath != nil))
            if let failure = guided.failure { throw failure }
        }
        guard let run = guided.run, let summary = guided.summary else {
            throw CLIFailure(
                "No readings arrived, so no trial could start. Is the GripFit on and streaming? Try `gripfit-serial monitor`.",
                status: .unavailable
            )
        }
        line.clear()
        return (summary, run.display, reason != .handler)
    }

    /// "Trial 3 of 3, right hand": numbered per hand, as the summary, `show`, the report, FHIR and
    /// the dashboard number trials (the saved session's trial), never by its place in the run.
    static func name(_ trial: GuidedProtocol.Trial, perHand: Int, capitalized: Bool = true) -> String {
        (capitalized ? "Trial" : "trial") + " \(trial.number) of \(perHand), \(trial.side.rawValue) hand"
    }

    /// A practice trial is "Practice trial 1 of 1, right hand", numbered among the practice trials.
    static func name(_ trial: GuidedProtocol.Trial, settings: GuidedProtocol.Settings, capitalized: Bool = true) -> String {
        guard trial.practice else { return name(trial, perHand: settings.trialsPerHand, capitalized: capitalized) }
        return (capitalized ? "Practice trial" : "practice trial")
            + " \(trial.number) of \(settings.practicePerHand), \(trial.side.rawValue) hand"
    }

    /// Why the trial is not cued, and what to do, printed once per reason.
    static func waiting(_ holdup: GuidedProtocol.Holdup, display: ForceDisplay) -> String {
        let tare = "stop with Ctrl-C, run `gripfit-serial tare` with nothing on the handle, and start again."
        switch holdup {
        case .loaded(let force) where force < 0:
            return "Waiting: the handle reads \(display.text(stored: force, calibrated: display.isCalibrated)), below its zero: "
                + "it was tared under load, so every force would be off by as much. Let go, then " + tare
        case .loaded(let force):
            return "Waiting: the handle reads \(display.text(stored: force, calibrated: display.isCalibrated)) "
                + "and no trial starts on a loaded handle. Let go of it; if nothing is on it, it needs a tare: " + tare
        case .zeroUnknown(let level):
            return "Waiting: the handle rests at \(display.text(stored: level, calibrated: false)) and this GripFit has no "
                + "calibration or tare, so an empty handle cannot be told from a loaded one. Squeeze once and let go to "
                + "show its resting level, or " + tare
        }
    }

    /// The live line under ``waiting(_:display:)``: the level it is waiting on, as it changes.
    static func waitingStatus(_ holdup: GuidedProtocol.Holdup, display: ForceDisplay) -> String {
        switch holdup {
        case .loaded(let force):
            "○ waiting: handle at \(display.text(stored: force, calibrated: display.isCalibrated)); let go (tare it if empty)"
        case .zeroUnknown(let level):
            "○ waiting: handle at \(display.text(stored: level, calibrated: false)); zero unknown (squeeze once and let go, or tare)"
        }
    }
}
