import GripFitCore
import GripFitLinux
import GripFitStore

/// `record --protocol standard` over one connection: a ``GuidedProtocol`` decides the cues, checks
/// and summary; this drives it from the session, records and saves each attempt, and shows the
/// cues, the live force and the rest countdown (redrawn in place on a terminal, plain lines otherwise).
struct GuidedRecording {
    var runner: SessionRunner
    var store: SessionStore
    var settings: GuidedProtocol.Settings
    var label: String?
    var unit: ForceUnit
    /// Called with each saved attempt, for the `saved session …` line.
    var onSaved: (SaveOutcome, StoredSession) -> Void

    private struct Active {
        var recorder: SessionRecorder
        var startedAt: Int64
        /// The calibration with the zero the readings had at the cue; the trace is kept in that frame.
        var calibration: StoredCalibration?
    }

    /// Runs the protocol to its end or a signal; returns its summary and the display it used.
    func run() throws -> (GuidedProtocol.Summary, ForceDisplay, stopped: Bool) {
        let live = StandardOutput.isCapableTerminal
        var machine: GuidedProtocol?
        var display = ForceDisplay(calibration: nil, unit: unit)
        var device = ""
        var gate = IdentityGate()
        var active: Active?
        var linkUp = false
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

        func perform(_ actions: [GuidedProtocol.Action], now: MonotonicInstant) {
            for action in actions {
                switch action {
                case .settle(let trial, let attempt):
                    say(
                        "Trial \(trial.index)/\(trial.count), \(trial.side.rawValue) hand"
                            + (attempt > 1 ? " (again, attempt \(attempt))" : "")
                            + ": let go of the handle and hold it still…")
                case .squeezeNow:
                    say("Squeeze now — as hard as you can, then let go.")
                    let machine = runner.driver.machine
                    let calibration = display.currentCalibration
                    active = Active(
                        recorder: SessionRecorder(
                            start: now, calibration: calibration?.calibration, firmware: machine.firmware,
                            bridgeVersion: machine.bridgeVersion),
                        startedAt: Recording.epochMilliseconds(runner, at: now), calibration: calibration)
                case .attemptEnded(let attempt):
                    guard var recording = active else { continue }
                    active = nil
                    clearStatus()
                    let session = Recording.stored(
                        &recording.recorder, at: now, machine: runner.driver.machine, device: device,
                        startedAt: recording.startedAt,
                        label: attempt.flag.map { flag in [label, "flagged: \(flag)"].compactMap { $0 }.joined(separator: "; ") } ?? label,
                        hand: Hand(rawValue: attempt.trial.side.rawValue), protocolName: RecordProtocol.standard.rawValue,
                        trial: attempt.trial.number, calibration: recording.calibration)
                    do {
                        onSaved(try SignalShield.run { try store.save(session) }, session)
                    } catch {
                        failure = error
                        runner.driver.stop()
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
            runner.driver.wakeAt = machine?.nextDeadline
        }

        runner.driver.onWake = { now in
            guard var current = machine else { return }
            let actions = current.handle(.tick, now: now)
            machine = current
            perform(actions, now: now)
        }
        let reason = try runner.run(seconds: nil) { report, now in
            if machine == nil, case .message(.reading) = report {
                // Readings wait (a few seconds at most) until the GripFit's identity is known.
                let session = runner.driver.machine
                let decision = gate.decide(readingAt: now, address: session.deviceAddress, behindBridge: session.behindBridge)
                if decision == .wait { return true }
                let identity = DeviceKey.key(decision, connection: runner.connection)
                device = identity.key
                if let notice = identity.notice { StandardOutput.error("gripfit-serial: \(notice)") }
                do {
                    display.calibration = try Storage.calibrations.calibration(for: device)
                } catch {
                    failure = error
                    return false
                }
                if !display.isCalibrated { StandardOutput.error("gripfit-serial: \(device): \(ForceDisplay.uncalibratedNotice)") }
                var configured = settings
                configured.threshold =
                    display.isCalibrated ? Recording.calibratedReleaseThreshold : Recording.rawReleaseThreshold
                configured.stillTolerance = configured.threshold / 4
                configured.zero = display.isCalibrated ? 0 : nil
                var fresh = GuidedProtocol(settings: configured)
                let actions = fresh.handle(.start, now: now)
                machine = fresh
                perform(actions, now: now)
            }
            guard var current = machine else { return true }
            display.observe(report)
            if var recording = active {
                _ = recording.recorder.record(Recording.inStartFrame(report, display: display, start: recording.calibration), at: now)
                active = recording
            }
            let event: GuidedProtocol.Event?
            switch report {
            case .message(.reading(let raw)):
                event = .reading(display.value(raw: raw).map(display.unit.toKilograms) ?? Double(raw))
            case .state(.connected):
                linkUp = true
                event = nil
            case .state:
                event = linkUp ? .linkLost : nil
                linkUp = false
            default:
                event = nil
            }
            guard let event else { return true }
            let actions = current.handle(event, now: now)
            machine = current
            perform(actions, now: now)
            if live, case .squeezing(_, _, let force?, let peak?) = current.phase {
                status(
                    "● \(display.text(stored: force, calibrated: display.isCalibrated))"
                        + "   peak \(display.text(stored: peak, calibrated: display.isCalibrated))")
            }
            return failure == nil
        }
        runner.driver.onWake = nil
        if let failure { throw failure }
        if case .signal = reason, var current = machine {
            let actions = current.handle(.stop, now: runner.clock.now())
            machine = current
            perform(actions, now: runner.clock.now())
            if let failure { throw failure }
        }
        guard let machine else {
            throw CLIFailure(
                "No readings arrived, so no trial could start. Is the GripFit on and streaming? Try `gripfit-serial monitor`.",
                status: .unavailable)
        }
        clearStatus()
        return (summary ?? machine.summary, display, reason != .handler)
    }
}
