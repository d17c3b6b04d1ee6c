import Foundation
import Testing

/// `simulate --native-bridge`: the real bridge firmware's native build and the simulated GripFit in
/// one command, its pty printed first as `simulate` prints its own; without the build, exit 69 and
/// the command that builds it.
@Suite(.waitsOnProcesses, .serialized) struct SimulateNativeBridgeTests {
    static let built = DashboardMetricsEndToEndTests.repository
        .appendingPathComponent("firmware-bridge/build/native/plain/gripfit-bridge-native").path

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: built), "make -C firmware-bridge native builds the bridge"))
    func theRealBridgeServesTheSimulatedGripFitOnAPty() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["GRIPFIT_NATIVE_BRIDGE"] = Self.built
        let rig = try RunningCLI(["simulate", "--native-bridge"], environment: environment)
        let pty = try #require(rig.nextLine(before: Date() + 60))
        #expect(pty.hasPrefix("/dev/pts/"), "\(pty)")
        // The native bridge says hello with its own version, and the GripFit's readings come through it.
        let monitor = try CLIProcess.run(["monitor", "--port", pty, "--format", "jsonl", "--duration", "8"])
        #expect(monitor.stdout.contains(#""type":"hello","version":"1.0.0""#), "\(monitor.stdout)\(monitor.stderr)")
        #expect(monitor.stdout.contains(#""event":"reading""#), "\(monitor.stdout)\(monitor.stderr)")
        let stopped = rig.stop()
        #expect(stopped.status == 0, "\(stopped.stderr)")
    }

    @Test func withoutTheBuildItSaysHowToBuildIt() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["GRIPFIT_NATIVE_BRIDGE"] = "/nonexistent/gripfit-bridge-native"
        let (process, out, err) = try CLIProcess.start(["simulate", "--native-bridge"], environment: environment)
        let result = CLIProcess.finish(process, out, err)
        #expect(result.status == 69)
        #expect(result.stderr.contains("make -C firmware-bridge native"), "\(result.stderr)")
        #expect(result.stderr.contains("/nonexistent/gripfit-bridge-native"))
    }

    /// Rendered in-process as the binary renders it.
    @Test func helpMentionsIt() throws {
        let help = try #require(InProcessHelp.lines(["gripfit-serial", "simulate"], columns: 80))
        #expect(help.joined(separator: "\n").contains("--native-bridge"))
    }
}
