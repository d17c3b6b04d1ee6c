import Foundation
import GripFitSimulator
import Testing

/// The one-shots run in-process (``InProcessCommand``) on the binary's own code; the binary is
/// launched for one path, a ping behind a flaky link.
@Suite(.waitsOnProcesses, .serialized) struct OneShotEndToEndTests {
    @Test(arguments: [
        (["tare"], "tared"),
        (["ping"], "PONG in"),
        (["info"], "GRIPFIT firmware 1.0"),
        (["rate", "50"], "sample interval 50 ms"),
        (["rate", "20"], "sample interval 20 ms"),
        (["rate", "1000"], "sample interval 1000 ms"),
    ])
    func succeedsAgainstTheSimulator(arguments: [String], expected: String) {
        let result = InProcessCommand.run(arguments + ["--simulate"], in: BuiltBinary())
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(expected))
    }

    @Test func anOutOfRangeRateExits64BeforeTheSimulatorSeesTheHost() throws {
        let simulator = try VirtualDongle(options: SimulatorOptions())
        simulator.start()
        let result = InProcessCommand.run(["rate", "--port", simulator.path, "--", "5"], in: BuiltBinary())
        simulator.stop()
        #expect(result.status == 64)
        #expect(result.stderr.contains("must be between 20 and 1000 ms; got 5."), "\(result.stderr)")
        #expect(simulator.statistics.hostOpens == 0, "nothing was sent: the host opened the port")
    }

    /// Refused by the parse, so no port is ever opened: the other values need no simulator or launch.
    @Test(arguments: ["19", "1001", "-3"])
    func anOutOfRangeRateIsRefusedByTheParse(ms: String) {
        let result = InProcessParse.run(["rate", "--port", "/dev/ttyACM0", "--", ms])
        #expect(result.status == 64)
        #expect(result.stderr.contains("must be between 20 and 1000 ms; got \(ms)."), "\(result.stderr)")
    }

    @Test func tareOnABrokenSensorFailsWithTheHardwareMessage() {
        let result = InProcessCommand.run(["tare", "--simulate", "--fault", "not-ready"], in: BuiltBinary())
        #expect(result.status == 74)
        #expect(result.stderr.contains("NOT_READY"))
    }

    /// Through the binary: the one-shot's end-to-end path.
    @Test func oneShotsWorkBehindAFlakyLink() throws {
        let result = try CLIProcess.run(["ping", "--simulate", "--fault", "fragment", "--fault", "garbage"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("PONG in"), "\(result.stdout)")
    }

    /// Parsed in-process: `check`'s usage errors show exit 64 through the binary.
    @Test func usageErrorsExit64() {
        #expect(InProcessParse.run(["monitor", "--simulate", "--port", "/dev/ttyACM0"]).status == 64)
        #expect(InProcessParse.run(["monitor", "--port", "/dev/ttyACM0", "--fault", "garbage"]).status == 64)
        #expect(InProcessParse.run(["monitor", "--simulate", "--fault", "nonsense"]).status == 64)
    }

    /// Rendered in-process as the binary renders it (HelpTests launches the binary for `--help`).
    @Test func helpListsTheCommandsAndTheExitCodes() throws {
        let help = try #require(InProcessHelp.lines(["gripfit-serial"], columns: 80)).joined(separator: "\n")
        for word in ["monitor", "tare", "ping", "info", "rate", "simulate", "64", "69", "74", "75", "77"] {
            #expect(help.contains(word), "\(word)")
        }
    }
}
