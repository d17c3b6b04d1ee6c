import Foundation
import Testing

@Suite(.waitsOnProcesses, .serialized) struct OneShotEndToEndTests {
    @Test(arguments: [
        (["tare"], "tared"),
        (["ping"], "PONG in"),
        (["info"], "GRIPFIT firmware 1.0"),
        (["rate", "50"], "sample interval 50 ms"),
        (["rate", "20"], "sample interval 20 ms"),
        (["rate", "1000"], "sample interval 1000 ms"),
    ])
    func succeedsAgainstTheSimulator(arguments: [String], expected: String) throws {
        let result = try CLIProcess.run(arguments + ["--simulate"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(expected))
    }

    @Test func anOutOfRangeRateExits64BeforeTheSimulatorSeesTheHost() throws {
        let simulator = try SimulatorProcess()
        let result = try CLIProcess.run(["rate", "--port", simulator.path, "--", "5"])
        let stopped = simulator.stop()
        #expect(result.status == 64)
        #expect(result.stderr.contains("must be between 20 and 1000 ms; got 5."), "\(result.stderr)")
        #expect(stopped.stderr.contains("host opened the port 0 times"), "nothing was sent: \(stopped.stderr)")
    }

    /// Refused by the parse, so no port is ever opened: the other values need no simulator or launch.
    @Test(arguments: ["19", "1001", "-3"])
    func anOutOfRangeRateIsRefusedByTheParse(ms: String) {
        let result = InProcessParse.run(["rate", "--port", "/dev/ttyACM0", "--", ms])
        #expect(result.status == 64)
        #expect(result.stderr.contains("must be between 20 and 1000 ms; got \(ms)."), "\(result.stderr)")
    }

    @Test func tareOnABrokenSensorFailsWithTheHardwareMessage() throws {
        let result = try CLIProcess.run(["tare", "--simulate", "--fault", "not-ready"])
        #expect(result.status == 74)
        #expect(result.stderr.contains("NOT_READY"))
    }

    @Test func oneShotsWorkBehindAFlakyLink() throws {
        let result = try CLIProcess.run(["ping", "--simulate", "--fault", "fragment", "--fault", "garbage"])
        #expect(result.status == 0, "\(result.stderr)")
    }

    /// Parsed in-process: `check`'s usage errors show exit 64 through the binary.
    @Test func usageErrorsExit64() {
        #expect(InProcessParse.run(["monitor", "--simulate", "--port", "/dev/ttyACM0"]).status == 64)
        #expect(InProcessParse.run(["monitor", "--port", "/dev/ttyACM0", "--fault", "garbage"]).status == 64)
        #expect(InProcessParse.run(["monitor", "--simulate", "--fault", "nonsense"]).status == 64)
    }

    @Test func helpListsTheCommandsAndTheExitCodes() throws {
        let result = try CLIProcess.run(["--help"])
        #expect(result.status == 0)
        for word in ["monitor", "tare", "ping", "info", "rate", "simulate", "64", "69", "74", "75", "77"] {
            #expect(result.stdout.contains(word), "\(word)")
        }
    }
}
