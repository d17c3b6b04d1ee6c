import GripFitCore
import GripFitLinux
import GripFitStore

/// `record --protocol standard` over one connection: a ``GuidedRun`` (the protocol and each
/// attempt's recording, as the dashboard runs them) fed from the session; this saves each attempt
/// and shows the cues, the live force and the rest countdown (redrawn in place on a terminal, plain
/// lines otherwise).
struct GuidedRecording {
    var runner: SessionRunner
    var store: SessionStore
    var settings: GuidedProtocol.Settings
    var label: String?
    var unit: ForceUnit
    /// Called with each saved attempt, for the `saved session …` line.
    var onSaved: (Int64, StoredSession) -> Void

    /// Runs the protocol to its end or a signal; returns its summary and the display it used.
    func run() throws -> (GuidedProtocol.Summary, ForceDisplay, stopped: Bool) {
        let live = StandardOutput.isCapableTerminal
        var guided: GuidedRun?
        var display = ForceDisplay(calibration: nil, unit: unit)
        var stage = CalibrationLookup.stage(for: runner.connection)
        var failure: (any Error)?
        var summary: GuidedProtocol.Summary?
        var statusShown = false

        func clearStatus() {
            if statusShown { StandardOutput.write("\r\u{1B}[2K") }
            statusShown = false
        }
        func say(_ text: String) {
            clearStatus()
            StandardOutput.line(text)
        }
        /// One line redrawn in place, cut to the window so it never wraps (a wrapped line would leave copies).
        func status(_ text: String) {
            StandardOutput.write("\r\u{1B}[2K" + (LiveView.fit(text, width: WindowResize.columns()).first ?? ""))
            statusShown = true
        }

        func perform(_ steps: [GuidedRun.Step]) {
            for step in steps {
                switch step.action {
                case .settle(let trial, let attempt):
                    say(
                        "Trial \(trial.index)/\(trial.count), \(trial.side.rawValue) hand"
                            + (attempt > 1 ? " (again, attempt \(attempt))" : "")
                            + ": let go of the handle and hold it still…")
                case .waiting(_, _, let reason):
                    say(Self.waiting(reason, display: guided?.display ?? display))
                case .squeezeNow:
                    say("Squeeze now — as hard as you can, then let go.")
                case .attemptEnded(let attempt):
                    clearStatus()
                    if let session = step.session {
                        do {
                            onSaved(try SessionSave.save(session) { store }, session)
                        } catch {
                            failure = error
                            runner.driver.stop()
                        }
                    }
                    if let flag = attempt.flag, flag != .stopped {
                        let left = settings.attemptsPerTrial - attempt.attempt
                        say(
                            "Trial \(attempt.trial.index) flagged: \(flag); "
                                + (left > 0 ? "offering it again." : "no attempts left, moving on without it."))
                    }
                case .rest(let seconds, let trial):
                    let text = "rest: \(seconds) s before trial \(trial.index)/\(trial.count) (\(trial.side.rawValue) hand)"
                    if live {
                        status(text)
                    } else if seconds % 10 == 0 || seconds <= 3 || seconds == Int((settings.rest / .seconds(1)).rounded(.up)) {
                        StandardOutput.line(text)
                    }
                case .finished(let result):
                    clearStatus()
                    summary = result
                    runner.driver.stop()
                }
            }
        }
        var versions: (firmware: String?, bridge: String?) { (runner.driver.machine.firmware, runner.driver.machine.bridgeVersion) }

        let ticks = ReportHandler(
            deadline: { guided?.nextDeadline },
            tick: { now in
                guard var current = guided else { return true }
                let steps = current.tick(at: now, firmware: versions.firmware, bridgeVersion: versions.bridge)
                guided = current
                perform(steps)
                return true
            })
        runner.driver.consumers = [ticks]
        defer { runner.driver.consumers = [] }
        let reason = try runner.run(seconds: nil) { report, now in
            let link = LinkFacts(runner.driver.machine, portOpen: runner.driver.openPortPath != nil)
            let output = stage.handle(report, at: now, link: link)
            if guided == nil, case .message(.reading) = report {
                // Readings wait (a few seconds at most) until the GripFit's identity is known.
                guard let device = output.device else { return true }
                if let decided = output.decided {
                    if let notice = decided.notice { StandardOutput.error("gripfit-serial: \(notice)") }
                    if case .failure(let error) = decided.lookup {
                        failure = error
                        return false
                    }
                }
                display.calibration = stage.record
                if !display.isCalibrated { StandardOutput.error("gripfit-serial: \(device): \(ForceDisplay.uncalibratedNotice)") }
                var fresh = GuidedRun(settings: settings, display: display, device: device, label: label, wallClock: runner.wallClock)
                let steps = fresh.start(at: now)
                guided = fresh
                perform(steps)
            }
            guard var current = guided else { return true }
            let steps = current.handle(report, at: now, stage: stage, firmware: versions.firmware, bridgeVersion: versions.bridge)
            guided = current
            perform(steps)
            if live, case .squeezing(_, _, let force?, let peak?) = current.machine.phase {
                let display = current.display
                status(
                    "● \(display.text(stored: force, calibrated: display.isCalibrated))"
                        + "   peak \(display.text(stored: peak, calibrated: display.isCalibrated))")
            } else if live, case .settling = current.machine.phase, let holdup = current.machine.holdup {
                status(Self.waitingStatus(holdup, display: current.display))
            }
            return failure == nil
        }
        if let failure { throw failure }
        if case .signal = reason, var current = guided {
            let steps = current.stop(at: runner.clock.now(), firmware: versions.firmware, bridgeVersion: versions.bridge)
            guided = current
            perform(steps)
            if let failure { throw failure }
        }
        guard let guided else {
            throw CLIFailure(
                "No readings arrived, so no trial could start. Is the GripFit on and streaming? Try `gripfit-serial monitor`.",
                status: .unavailable)
        }
        clearStatus()
        return (summary ?? guided.machine.summary, guided.display, reason != .handler)
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
