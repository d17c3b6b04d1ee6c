import Foundation
import Glibc
import GripFitSimulator
import Testing

/// The real binary against the simulator exported by Debian's real ser2net, in raw and
/// telnet(rfc2217) modes: what a lab with the dongle on another host looks like.
@Suite(.waitsOnProcesses, .serialized, .enabled(if: Ser2Net.isUsable, "ser2net is not installed (make deps installs it)"))
struct NetworkPortEndToEndTests {
    @Test(arguments: [true, false])
    func fragmentedGarbledStreamArrivesExactlyOnceInOrder(rfc2217: Bool) throws {
        // Simulator and monitor in the test process (issue 32); ser2net between them as in a lab.
        var options = SimulatorOptions()
        options.faults = [.fragment, .garbage]
        options.pattern = .counter
        let simulator = try VirtualDongle(options: options)
        simulator.start()
        defer { simulator.stop() }
        let ser2net = try Ser2Net(exporting: simulator.path)
        let url = rfc2217 ? ser2net.rfc2217URL : ser2net.rawURL
        let result = InProcessMonitor.run(["--port", url, "--duration", "4", "--format", "jsonl"])
        #expect(result.status == 0, "\(result.stderr)")
        let events = try result.lines.map(Event.init)
        let readings = events.compactMap(\.raw)
        #expect(readings.count >= 25, "\(result.stdout.prefix(2000))")
        let first = try #require(readings.first)
        #expect(readings == Array(first..<first + readings.count), "every reading once, in order, none lost")
        // Every garbage line is one warning, including the one with 0xFF bytes, which telnet doubles.
        let warnings = events.filter { $0.kind == "warning" }
        #expect(warnings.count >= readings.count / 5 - 1 && warnings.count <= readings.count / 5 + 1, "\(warnings.map(\.object))")
    }

    @Test func checkOverRFC2217PassesTareRateAndPing() throws {
        // A constant load, not squeezes, so readings after tare settle near 0. The simulator on a
        // thread of the test process, as check runs in it (issue 32): ser2net opens its pty.
        var options = SimulatorOptions()
        options.load = .constant(kilograms: 10)
        let simulator = try VirtualDongle(options: options)
        simulator.start()
        defer { simulator.stop() }
        let ser2net = try Ser2Net(exporting: simulator.path)
        let result = InProcessCheck.run(
            ["--port", ser2net.rfc2217URL, "--only", "handshake", "set-rate", "tare", "ping", "--duration", "1"] + TestLimits.check
        )
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("4 cases: 4 passed, 0 failed"))
        #expect(result.stdout.contains("port rfc2217://127.0.0.1:\(ser2net.rfc2217Port)"))
    }

    @Test func oneShotTareAndRateWorkOverRawTCP() throws {
        let simulator = try VirtualDongle()
        simulator.start()
        defer { simulator.stop() }
        let ser2net = try Ser2Net(exporting: simulator.path)
        let tare = InProcessCommand.run(["tare", "--port", ser2net.rawURL], in: BuiltBinary())
        #expect(tare.status == 0, "\(tare.stderr)")
        // pyserial's spelling of raw TCP works too.
        let socketURL = ser2net.rawURL.replacingOccurrences(of: "tcp://", with: "socket://")
        let rate = InProcessCommand.run(["rate", "50", "--port", socketURL], in: BuiltBinary())
        #expect(rate.status == 0, "\(rate.stderr)")
        #expect(rate.stdout.contains("sample interval 50 ms"))
    }

    @Test func killingAndRestartingSer2NetIsSurvivedWithTheGapMarked() throws {
        let simulator = try SimulatorProcess(["--pattern", "counter"])
        defer { _ = simulator.stop() }
        let ser2net = try Ser2Net(exporting: simulator.path)
        let monitor = try RunningCLI(["monitor", "--port", ser2net.rfc2217URL, "--format", "jsonl", "--duration", "20"])
        var before: [Int] = []
        var after: [Int] = []
        var gap: [String] = []
        let deadline = Date().addingTimeInterval(15)
        while after.count < 5, let line = monitor.nextLine(before: deadline) {
            let event = try Event(line)
            if let raw = event.raw {
                if gap.isEmpty { before.append(raw) } else { after.append(raw) }
                if before.count == 5, gap.isEmpty, raw == before.last {
                    ser2net.stop()
                    try ser2net.start()
                }
            } else if event.kind == "state", !before.isEmpty, let state = event["state"] as? String {
                gap.append(state + ((event["error"] as? String).map { "(\($0))" } ?? ""))
            }
        }
        let stopped = monitor.stop()
        #expect(before.count >= 5)
        #expect(gap.first == "error(dongleMissing)", "the gap is marked as soon as the connection drops: \(gap)")
        #expect(gap.contains("connected"))
        #expect(after.count == 5, "readings resume after ser2net restarts: \(stopped.stderr)")
        let all = before + after
        #expect(all == all.sorted() && Set(all).count == all.count, "no reading twice, none out of order: \(all)")
        #expect(stopped.stderr.contains("connection lost"), "\(stopped.stderr)")
    }

    @Test(arguments: [true, false])
    func aSecondClientGetsPortBusy(rfc2217: Bool) throws {
        let simulator = try SimulatorProcess()
        defer { _ = simulator.stop() }
        let ser2net = try Ser2Net(exporting: simulator.path)
        let url = rfc2217 ? ser2net.rfc2217URL : ser2net.rawURL
        let first = try RunningCLI(["monitor", "--port", url, "--format", "jsonl", "--duration", "10"])
        _ = first.nextLine(before: Date().addingTimeInterval(5))
        let second = try CLIProcess.run(["monitor", "--port", url, "--duration", "5"])
        _ = first.stop()
        #expect(second.status == 75, "\(second.stderr)")
        #expect(second.stderr.contains("port busy"))
        #expect(second.stderr.contains(url))
    }

    /// ser2net runs but its dongle is not there: it says "Device open failure: …" and hangs up.
    /// That is said at once, in the server's words, with 69, not ridden out as a lost connection.
    @Test(arguments: [true, false])
    func aServerWhoseDongleIsGoneIsUnavailableInItsOwnWords(rfc2217: Bool) throws {
        let ser2net = try Ser2Net(exporting: "/dev/gripfit-no-such-tty-\(getpid())")
        let url = rfc2217 ? ser2net.rfc2217URL : ser2net.rawURL
        // In-process (``InProcessCheck``, ``InProcessMonitor``): the same code as the binary's.
        for command in [["check", "--duration", "1"], ["monitor", "--duration", "30"]] {
            let arguments = Array(command.dropFirst()) + ["--port", url]
            let result = command[0] == "check" ? InProcessCheck.run(arguments) : InProcessMonitor.run(arguments)
            #expect(result.status == 69, "\(command[0]): \(result.stdout)\(result.stderr)")
            #expect(result.stderr.contains("Device open failure"), "\(result.stderr)")
            #expect(result.stderr.contains(url))
            // Raw mode: the client sends nothing first, so ser2net's close is a FIN after its words.
            // RFC 2217: ser2net may close with our telnet negotiation unread, and then the kernel
            // resets the connection and drops its words unsent; the session reconnects once and reads
            // them. Either way it ends at once with 69 in the server's words (above).
            if !rfc2217 { #expect(!result.stderr.contains("connection lost"), "\(result.stderr)") }
            // Given up at once in the server's words, not after the 10 s scan window, which ends saying so.
            #expect(!result.stderr.contains("No GripFit found"), "\(command[0]): \(result.stderr)")
        }
    }

    @Test func nobodyListeningIsUnavailableWithTheFix() throws {
        let refusing = try RefusingPort()
        let result = withExtendedLifetime(refusing) {
            InProcessMonitor.run(["--port", "rfc2217://127.0.0.1:\(refusing.port)", "--duration", "2"])
        }
        #expect(result.status == 69)
        #expect(result.stderr.contains("Connection refused"))
        #expect(result.stderr.contains("ser2net"))
    }

    @Test func aMalformedURLIsAUsageError() throws {
        let result = InProcessParse.run(["monitor", "--port", "rfc2217://exporter", "--duration", "1"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("rfc2217://HOST:PORT"))
        let options = InProcessParse.run(["monitor", "--port", "rfc2217://exporter:4001?logging=debug", "--duration", "1"])
        #expect(options.status == 64)
        #expect(options.stderr.contains("URL options (?logging=debug)"), "\(options.stderr)")
    }
}
