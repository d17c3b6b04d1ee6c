import Foundation
import GripFitSimulator
import Testing

/// Issue 9, points 2–4: every session is filed under the GripFit that made it, with the
/// firmware and bridge versions, and lasts as long as asked, counted from its first reading.
/// `record` runs in-process (``InProcessCommand``) on a simulator in the test.
@Suite(.waitsOnProcesses, .timeLimit(.minutes(15)))
struct SessionIdentityTests {
    /// Against a bridge that is already connected when each `record` opens the port.
    @Test func repeatedRecordsAgainstOneBridgeLandUnderItsGripFit() throws {
        let cli = BuiltBinary()
        let dongle = try VirtualDongle()
        dongle.start()
        defer { dongle.stop() }
        let runs = 20
        for run in 1...runs {
            let record = cli.runInProcess("record", "--port", dongle.path, "--duration", "0.3")
            #expect(record.status == 0, "run \(run): \(record.stderr)")
            #expect(!record.stderr.contains("filing under"), "run \(run): \(record.stderr)")
        }
        let sessions = try cli.historyJSONInProcess()
        #expect(sessions.count == runs)
        for session in sessions {
            #expect(session["device"] as? String == "ble:C0:FF:EE:00:00:01", "\(session)")
            #expect(session["firmware"] as? String == "1.0", "\(session)")
            #expect(session["bridge"] as? String == "1.0.0-sim", "\(session)")
        }
        let show = cli.inProcess("show", "1")
        #expect(show.stdout.contains("firmware 1.0, bridge 1.0.0-sim"), "\(show.stdout)")
    }

    @Test func recordDurationCountsFromTheFirstReading() throws {
        let cli = BuiltBinary()
        let record = cli.runInProcess("record", "--simulate", "--duration", "3")
        #expect(record.status == 0, "\(record.stderr)")
        let duration = try #require(try cli.historyJSONInProcess().first?["duration"] as? Double)
        #expect(abs(duration - 3) <= 0.1, "\(duration)")
    }

    /// The help text, rendered in-process: HelpTests launch the binary's `--help` of every command.
    @Test func monitorDurationIsWallTimeAndSaysSo() throws {
        let help = try #require(InProcessHelp.lines(["gripfit-serial", "monitor"], columns: 80)).joined(separator: "\n")
        #expect(help.contains("wall time"))
        let record = try #require(InProcessHelp.lines(["gripfit-serial", "record"], columns: 80)).joined(separator: "\n")
        #expect(record.contains("counted from the first"))
    }
}

/// Without a bridge there is no BLE identity: the session falls back to the port and says so.
@Suite(.waitsOnProcesses, .timeLimit(.minutes(15)))
struct PlainRelayIdentityTests {
    @Test func aPlainRelayFilesUnderThePortAndSaysSo() throws {
        let cli = BuiltBinary()
        var options = SimulatorOptions()
        options.plainRelay = true
        let dongle = try VirtualDongle(options: options)
        dongle.start()
        defer { dongle.stop() }
        let record = cli.runInProcess("record", "--port", dongle.path, "--duration", "0.5")
        #expect(record.status == 0, "\(record.stderr)")
        #expect(record.stderr.contains("no bridge identity (no B: lines within 1.5 s, so a plain serial relay): filing under port:"))
        let session = try #require(try cli.historyJSONInProcess().first)
        #expect((session["device"] as? String)?.hasPrefix("port:/dev/pts/") == true, "\(session)")
        #expect(session["bridge"] == nil)
    }
}
