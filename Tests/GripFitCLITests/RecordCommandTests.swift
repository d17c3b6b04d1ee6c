import Foundation
import Glibc
import GripFitSimulator
import Testing

/// The acceptance path for sessions, against the simulator: one recording and a SIGTERM through
/// the real binary (a protocol's is ClinicalAcceptanceTests' acceptance run); the other recordings
/// run in-process on a simulator in the test (``InProcessCommand``, ``InProcessRunning``, stopped
/// through their own signal pipe), and what they saved is read back in-process.
@Suite(.waitsOnProcesses, .timeLimit(.minutes(15)))
struct RecordCommandTests {
    @Test func readingsTheBridgeLostAreStoredAsGaps() throws {
        let cli = BuiltBinary()
        let record = cli.runInProcess("record", "--simulate", "--fault", "data-loss", "--duration", "4")
        #expect(record.status == 0, "\(record.stderr)")
        #expect(record.stdout.contains("link gaps"), "\(record.stdout)")
    }

    @Test func recordHistoryShowExportPlotAndReimport() throws {
        let cli = BuiltBinary()
        let record = try cli.run("record", "--simulate", "--duration", "10", "--hand", "right", "--label", "acceptance")
        #expect(record.status == 0, "\(record.stderr)")
        #expect(record.stdout.hasPrefix("saved session 1"))

        let sessions = try cli.historyJSONInProcess()
        #expect(sessions.count == 1)
        let session = try #require(sessions.first)
        #expect(session["id"] as? Int == 1)
        #expect((session["peak"] as? Double ?? 0) > 100_000, "uncalibrated peaks are in counts")
        #expect((session["mean"] as? Double ?? 0) > 0)
        #expect((session["duration"] as? Double ?? 0) > 8)
        #expect((session["reps"] as? Int ?? 0) >= 1)
        #expect(session["hand"] as? String == "right")

        let show = cli.inProcess("show", "1")
        #expect(show.status == 0)
        #expect(show.stdout.contains("peak RFD"))
        #expect(show.stdout.contains("rep  start s"))

        for format in ["json", "csv"] {
            let file = cli.home + "/export.\(format)"
            let export = cli.inProcess("export", "1", "--format", format, "-o", file)
            #expect(export.status == 0, "\(export.stderr)")
            let reimport = cli.runInProcess("import", file)
            #expect(reimport.status == 0, "\(reimport.stderr)")
            #expect(reimport.stdout == "imported 0 sessions, skipped 1 already in the history\n")
        }
        #expect(try cli.historyJSONInProcess().count == 1)

        let svg = cli.home + "/plot.svg"
        let plot = cli.inProcess("plot", "1", "-o", svg)
        #expect(plot.status == 0, "\(plot.stderr)")
        let text = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(text.contains("<svg"))
        #expect(text.contains("Time (s)"))
        #expect(text.contains("peak "))
    }

    /// The simulator runs in the test, so the test sees how many readings it delivered and ends
    /// the recording once 2.5 s of them went out, however slowly the machine started the binary.
    @Test func sigtermDuringRecordSavesTheWholeSession() throws {
        let cli = BuiltBinary()
        let dongle = try VirtualDongle()
        dongle.start()
        defer { dongle.stop() }
        let (process, out, err) = try cli.start(["record", "--port", dongle.path, "--label", "terminated"])
        cli.watchdog(process, seconds: 60)
        let streamed = dongle.statistics(before: .now + .seconds(50)) { $0.readingsDelivered >= 26 }
        #expect(streamed != nil, "the simulator delivered \(dongle.statistics.readingsDelivered) readings")
        kill(process.processIdentifier, SIGTERM)
        let result = cli.finish(process, out, err)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("(stopped by SIGTERM)"))
        let sessions = try cli.historyJSONInProcess()
        #expect(sessions.count == 1)
        #expect((sessions.first?["duration"] as? Double ?? 0) > 1.5)
        let show = cli.inProcess("show", "1")
        #expect(show.status == 0, "the trace and reps read back: \(show.stderr)")
    }

    @Test func anIdleUncalibratedRecordingFindsNoRepsInTheNoise() throws {
        let cli = BuiltBinary()
        let record = cli.runInProcess("record", "--simulate", "--load", "0kg", "--duration", "3")
        #expect(record.status == 0, "\(record.stderr)")
        #expect(record.stdout.contains("no reps (nothing above 5000 raw)"), "\(record.stdout)")
        #expect(!record.stdout.contains("mean "), "no mean without a rep: \(record.stdout)")
        #expect(try cli.historyJSONInProcess().first?["reps"] as? Int == 0)
    }

    @Test func aCalibratedRecordingWithoutRepsSaysSoInsteadOfAMeanOfZero() throws {
        let cli = BuiltBinary()
        try cli.calibrateLikeTheSimulator()
        let record = cli.runInProcess("record", "--simulate", "--load", "0kg", "--duration", "2")
        #expect(record.status == 0, "\(record.stderr)")
        #expect(record.stdout.contains("no reps (nothing above 2.00 kg)"), "\(record.stdout)")
        let show = cli.inProcess("show", "1")
        #expect(show.stdout.contains("mean         none: no reps (nothing above 2.00 kg)"), "\(show.stdout)")
        #expect(!show.stdout.contains("(inside reps)"), "\(show.stdout)")
    }

    /// At `--speed 10` the simulated squeeze comes ten times sooner: the recording waits for it in
    /// about half a second of the host's time instead of three to five.
    @Test func untilReleaseStopsAfterOneSqueeze() throws {
        let cli = BuiltBinary()
        let result = cli.runInProcess("record", "--simulate", "--speed", "10", "--until-release", "--duration", "20")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("(squeeze released)"))
        #expect(try cli.historyJSONInProcess().first?["reps"] as? Int == 1)
    }

    @Test func speedIsForTheSimulatorAndWithinItsRange() {
        for bad in ["0", "0.05", "101", "nan"] {
            let result = InProcessParse.run(["record", "--simulate", "--speed", bad])
            #expect(result.status == 64, "\(bad): \(result.stderr)")
        }
        #expect(InProcessParse.run(["simulate", "--speed", "0"]).stderr.contains("from 0.1 to 100"))
        let port = InProcessParse.run(["record", "--port", "/dev/ttyACM0", "--speed", "10"])
        #expect(port.status == 64 && port.stderr.contains("--speed applies to the simulator only; add --simulate."), "\(port.stderr)")
        #expect(InProcessParse.run(["record", "--simulate", "--speed", "10"]).status == -1, "parsed: the command would run")
    }

    @Test func guidedProtocolCuesFromRestAndNamesTheTrialsUsed() throws {
        let cli = BuiltBinary()
        try cli.calibrateLikeTheSimulator()
        let result = cli.runInProcess("record", "--simulate", "--speed", "5", "--protocol", "standard", "--trials", "1", "--rest", "1")
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.lines
        // Each trial waits for a resting handle, then cues; the rest counts down in plain lines off a terminal.
        // Trials are numbered per hand, as the summary below and the saved sessions number them (issue 33).
        let settle = try #require(lines.firstIndex { $0.hasPrefix("Trial 1 of 1, left hand: let go of the handle") }, "\(lines)")
        #expect(lines[settle + 1] == "Squeeze now — as hard as you can, then let go.")
        #expect(lines.contains("rest: 1 s before trial 1 of 1, left hand"), "\(lines)")
        #expect(!result.stdout.contains("Trial 2") && !result.stdout.contains("trial 2"), "no trial 2 in a run of one per hand")
        #expect(!result.stdout.contains("\r"), "no in-place redraws off a terminal")
        #expect(lines.contains { $0.hasPrefix("right  ") && $0.contains("kg (trial 1)") })
        #expect(lines.contains { $0.hasPrefix("left   ") && $0.contains("kg (trial 1)") })
        #expect(lines.contains { $0.hasPrefix("left/right difference:") })
        // Issue 33: the difference and each hand's best and mean once (the table), then the rest of
        // the assessment's figures; an attempt's own mean is named as the mean inside its squeeze.
        #expect(lines.filter { $0.hasPrefix("left/right difference:") }.count == 1, "\(result.stdout)")
        #expect(!lines.contains { $0.contains("best ") && $0.contains(" kg") }, "\(result.stdout)")
        #expect(lines.contains { $0.hasPrefix("right population SD ") }, "\(result.stdout)")
        #expect(lines.contains { $0.hasPrefix("saved session ") && $0.contains(", mean inside the squeeze ") }, "\(result.stdout)")
        // The clinical lines are wrapped at spaces to the 80 columns of a pipe, as the table above them.
        let assessment = try #require(lines.firstIndex { $0.hasPrefix("saved assessment ") }, "\(result.stdout)")
        #expect(lines[assessment...].allSatisfy { $0.count <= 80 }, "\(lines[assessment...])")
        // The simulated person does not wait for the cue: an attempt may be flagged and offered again.
        let sessions = try cli.historyJSONInProcess()
        let counted = sessions.filter { ($0["label"] as? String)?.hasPrefix("flagged: ") != true }
        #expect(Set(counted.compactMap { $0["hand"] as? String }) == ["left", "right"])
        #expect(counted.count == 2)
        #expect(sessions.allSatisfy { $0["protocol"] as? String == "standard" && $0["unit"] as? String == "kg" })
        for id in counted.compactMap({ $0["id"] as? Int }) {
            // Measured from rest: the squeeze rises inside the recording, not before it.
            let show = cli.inProcess("show", String(id))
            #expect(show.status == 0)
            #expect(!show.stdout.contains("time to peak 0.00 s"), "\(show.stdout)")
        }
    }

    @Test func aTrialCutShortIsFlaggedSavedAndOfferedAgain() throws {
        let cli = BuiltBinary()
        // One second per trial: every simulated squeeze outlasts it.
        let running = try InProcessRunning(["record", "--simulate", "--protocol", "standard", "--duration", "1", "--rest", "0"], in: cli)
        var seen: [String] = []
        let deadline = Date().addingTimeInterval(30)
        while let line = running.nextLine(before: deadline) {
            seen.append(line)
            if line.hasPrefix("Trial 1 of 3, right hand (again, attempt 2)") { break }
        }
        #expect(seen.contains { $0.hasPrefix("Trial 1 of 3, right hand, flagged: ") && $0.hasSuffix("offering it again.") }, "\(seen)")
        let stopped = running.stop()
        #expect(stopped.status == 0, "\(stopped.stderr)")
        #expect(stopped.stderr.contains("protocol stopped; finished trials are saved."))
        var rest: [String] = []
        while let line = running.nextLine(before: Date().addingTimeInterval(5)) { rest.append(line) }
        #expect(rest.contains { $0.hasPrefix("flagged, not counted: right trial 1 attempt 1 (") }, "\(rest)")
        #expect(rest.contains("no trial counted"))
        let sessions = try cli.historyJSONInProcess()
        #expect(!sessions.isEmpty)
        #expect(sessions.allSatisfy { ($0["label"] as? String)?.hasPrefix("flagged: ") == true }, "\(sessions)")
    }

    /// Runs the protocol on a handle loaded with 20 kg until it says why it waits; returns every line.
    private func guidedOnALoadedHandle(_ cli: BuiltBinary) throws -> [String] {
        let running = try InProcessRunning(["record", "--simulate", "--load", "20kg", "--protocol", "standard", "--rest", "0"], in: cli)
        var seen: [String] = []
        let deadline = Date().addingTimeInterval(30)
        while let line = running.nextLine(before: deadline) {
            seen.append(line)
            if line.hasPrefix("Waiting: ") { break }
        }
        let stopped = running.stop()
        #expect(stopped.status == 0, "\(stopped.stderr)")
        while let line = running.nextLine(before: Date().addingTimeInterval(5)) { seen.append(line) }
        return seen
    }

    @Test func aCalibratedLoadedHandleIsNeverCuedAndTheWaitSaysWhy() throws {
        let cli = BuiltBinary()
        try cli.calibrateLikeTheSimulator()
        let lines = try guidedOnALoadedHandle(cli)
        let waiting = try #require(lines.first { $0.hasPrefix("Waiting: the handle reads ") }, "\(lines)")
        let load = Double(waiting.dropFirst("Waiting: the handle reads ".count).prefix { $0 != " " }) ?? 0
        #expect(abs(load - 20) < 0.1, "\(waiting)")
        #expect(waiting.contains("Let go of it; if nothing is on it, it needs a tare"), "\(waiting)")
        #expect(!lines.contains { $0.hasPrefix("Squeeze now") }, "\(lines)")
    }

    @Test func anUncalibratedLoadedHandleIsNeverCuedAndTheWaitSaysWhy() throws {
        let cli = BuiltBinary()
        let lines = try guidedOnALoadedHandle(cli)
        let waiting = try #require(lines.first { $0.hasPrefix("Waiting: the handle rests at ") }, "\(lines)")
        #expect(waiting.contains("no calibration or tare, so an empty handle cannot be told from a loaded one"), "\(waiting)")
        #expect(!lines.contains { $0.hasPrefix("Squeeze now") }, "\(lines)")
    }

    @Test func importRefusesForeignFiles() throws {
        let cli = BuiltBinary()
        let file = cli.home + "/foreign.csv"
        try "time,raw\n1,2\n".write(toFile: file, atomically: true, encoding: .utf8)
        let result = cli.runInProcess("import", file)
        #expect(result.status == 65)
        #expect(result.stderr.contains("\(file): line 1: not the header of a CSV export"), "\(result.stderr)")
        #expect(result.stderr.contains("Import only a file written by `gripfit-serial export`"))
        // In-process: HostileInputTests take import's unreadable files through the binary.
        #expect(InProcessImport.run(cli.home + "/missing.json").status == 66)
        #expect(cli.inProcess("show", "9").status == 66)
    }
}
