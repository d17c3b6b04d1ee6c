import Foundation
import Glibc
import GripFitLinux
import GripFitSimulator
import Testing

/// The real binary against the simulator over a pty, as the acceptance criteria state them. What
/// the stream holds is `monitor`'s own run in-process (``InProcessMonitor``), on a simulator at
/// `--speed 5` so a second brings the readings five would; signals, terminals and ports go through
/// the binary.
@Suite(.waitsOnProcesses, .serialized) struct MonitorEndToEndTests {
    /// A simulator in the test process counting its readings, five times faster than real time.
    static func simulator(_ configure: (inout SimulatorOptions) -> Void) throws -> VirtualDongle {
        var options = SimulatorOptions()
        options.pattern = .counter
        options.speed = 5
        configure(&options)
        let dongle = try VirtualDongle(options: options)
        dongle.start()
        return dongle
    }

    @Test func fiveSecondsOfJSONLHaveAtLeastFortyReadingsAndTheDeviceEvent() throws {
        let result = try CLIProcess.run(["monitor", "--simulate", "--duration", "5", "--format", "jsonl"])
        #expect(result.status == 0, "\(result.stderr)")
        let events = try result.lines.map(Event.init)
        let timestamp = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/
        for event in events {
            #expect(event.kind != nil)
            #expect(event.time?.wholeMatch(of: timestamp) != nil, "\(event.object)")
        }
        let readings = events.filter { $0.kind == "reading" }
        #expect(readings.count >= 40)
        #expect(readings.allSatisfy { $0.raw != nil })
        let devices = events.filter { $0.kind == "device" }
        #expect(devices.count == 1)
        #expect(devices.first?["firmware"] as? String == "1.0")
        #expect(devices.first?["name"] as? String == "GRIPFIT")
        #expect(events.contains { $0.kind == "state" && $0["state"] as? String == "connected" })
    }

    @Test func fragmentedGarbledStreamArrivesExactlyOnceInOrderWithOneWarningPerBadLine() throws {
        let simulator = try Self.simulator { $0.faults = [.fragment, .garbage] }
        let result = InProcessMonitor.run(["--port", simulator.path, "--duration", "2", "--format", "jsonl"])
        simulator.stop()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(simulator.backgroundFailure == nil)
        #expect(simulator.statistics.readingsDelivered > 0)

        let events = try result.lines.map(Event.init)
        let readings = events.compactMap(\.raw)
        #expect(readings.count >= 30)
        #expect(readings == Array(1...readings.count), "every reading once, in order, none lost")

        // The simulator sends one bad line right after every fifth reading: each must show up as
        // exactly one warning, right there. A busy host may also see two seconds without a reading,
        // which is a warning of its own (no-readings, no line) and not one of these.
        var lastReading = 0
        var warningsAfter: [Int: Int] = [:]
        for event in events where event.kind == "warning" || event.raw != nil {
            if let raw = event.raw {
                lastReading = raw
            } else if event["reason"] as? String != "no-readings" {
                warningsAfter[lastReading, default: 0] += 1
                #expect(event["reason"] is String)
                #expect(event["line"] is String, "\(event)")
            }
        }
        #expect(warningsAfter.keys.allSatisfy { $0 % 5 == 0 && $0 > 0 }, "\(warningsAfter)")
        #expect(warningsAfter.values.allSatisfy { $0 == 1 })
        let expected = (1..<readings.count / 5).map { $0 * 5 }
        #expect(expected.allSatisfy { warningsAfter[$0] == 1 }, "\(warningsAfter)")
    }

    @Test func dataLostFromTheBridgeIsAWarningAndAMarkedGapNeverASplicedReading() throws {
        let simulator = try Self.simulator { $0.faults = [.dataLoss] }
        let result = InProcessMonitor.run(["--port", simulator.path, "--duration", "1.5", "--format", "jsonl"])
        simulator.stop()
        #expect(result.status == 0, "\(result.stderr)")

        // The simulated bridge loses the two readings after every tenth: the host must show each
        // loss as a data-lost warning right where the counter jumps, and never a reading that was
        // not sent.
        var previous: Int?
        var warnedSincePrevious = false
        var gaps = 0
        for event in try result.lines.map(Event.init) {
            if event.kind == "warning", event["reason"] as? String == "data-lost" {
                warnedSincePrevious = true
                #expect((event["line"] as? String)?.hasPrefix("B:ERROR,DATA_LOST,") == true)
            }
            guard let raw = event.raw else { continue }
            if let previous, raw != previous + 1 {
                #expect(warnedSincePrevious && previous % 10 == 0 && raw == previous + 3, "\(previous) → \(raw)")
                gaps += 1
            } else {
                #expect(!warnedSincePrevious, "a data-lost warning without a gap before \(raw)")
            }
            previous = raw
            warnedSincePrevious = false
        }
        #expect(gaps >= 2)
    }

    @Test func csvHasAHeaderAndOneRowPerReading() throws {
        let result = InProcessMonitor.run(["--simulate", "--speed", "5", "--duration", "1", "--format", "csv"])
        #expect(result.status == 0)
        #expect(result.lines.first == "time,raw")
        let rows = result.lines.dropFirst()
        #expect(rows.count >= 8)
        #expect(rows.allSatisfy { $0.wholeMatch(of: /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z,-?\d+$/) != nil })
    }

    @Test func textOutputNeverCarriesControlCharactersFromTheWire() throws {
        let result = InProcessMonitor.run(["--simulate", "--speed", "5", "--fault", "garbage", "--seed", "3", "--duration", "1"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("warning"))
        let forbidden = result.stdout.unicodeScalars.filter { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) }
        #expect(forbidden.isEmpty)
    }

    /// A CI smoke test tells a dead sensor from a good one by the exit code: 74, as README's table says.
    @Test func aSensorStillNotReadyWhenTheDurationEndsExits74() throws {
        let result = InProcessMonitor.run(["--simulate", "--speed", "5", "--fault", "not-ready", "--duration", "1.5", "--format", "jsonl"])
        #expect(result.status == 74, "\(result.stderr)")
        #expect(result.stderr.contains("S:NOT_READY"), "\(result.stderr)")
        #expect(result.stdout.contains("\"NOT_READY\""), "the status event is still written: \(result.stdout)")
    }

    @Test func sigtermEndsCleanlyAndRestoresTheTerminalSettings() throws {
        let simulator = try SimulatorProcess()
        let monitor = Process()
        monitor.executableURL = CLIProcess.binary
        monitor.arguments = ["monitor", "--port", simulator.path, "--format", "jsonl"]
        LaunchLog.note()
        let out = Pipe()
        monitor.standardOutput = out
        try monitor.run()
        var seen = Data()
        while !String(decoding: seen, as: UTF8.self).contains("\"reading\"") {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            seen += chunk
        }
        monitor.terminate()
        monitor.waitUntilExit()
        seen += out.fileHandleForReading.readDataToEndOfFile()
        #expect(monitor.terminationReason == .exit)
        #expect(monitor.terminationStatus == 0)
        #expect(String(decoding: seen, as: UTF8.self).hasSuffix("}\n"), "output ends on a whole line")

        let probe = open(simulator.path, O_RDWR | O_NOCTTY)
        defer { close(probe) }
        var settings = termios()
        #expect(tcgetattr(probe, &settings) == 0)
        #expect(settings.c_lflag & tcflag_t(ICANON) != 0, "the cooked settings found at open are back")
        _ = simulator.stop()
    }

    /// The first holder opens the port as a running monitor does (``SerialPort``, its lock; a second
    /// open is busy in SerialPortTests); the second monitor runs in-process.
    @Test func aSecondMonitorOnABusyPortFailsFastSayingSo() throws {
        let simulator = try Self.simulator { _ in }
        defer { simulator.stop() }
        let first = try SerialPort.open(path: simulator.path)
        defer { first.close() }
        // Asked for a minute: a run that waited instead of refusing at once would end 0, not 75.
        let second = InProcessMonitor.run(["--port", simulator.path, "--duration", "60"])
        #expect(second.status == 75)
        #expect(second.stderr.contains("busy"))
        #expect(second.stderr.contains(simulator.path))
    }

    @Test func aPortWithoutPermissionFailsWithTheFix() throws {
        let simulator = try SimulatorProcess()
        defer { _ = simulator.stop() }
        #expect(chmod(simulator.path, 0o600) == 0)
        // Root ignores file modes, so run as nobody; as an ordinary user, take the owner's rights away.
        let prefix: [String]
        if getuid() == 0 {
            prefix = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
        } else {
            #expect(chmod(simulator.path, 0) == 0)
            prefix = []
        }
        let result = try CLIProcess.run(["monitor", "--port", simulator.path, "--duration", "2"], prefix: prefix)
        #expect(result.status == 77, "\(result.stderr)")
        #expect(result.stderr.contains("permission denied"))
        #expect(result.stderr.contains(simulator.path))
        #expect(result.stderr.contains("dialout"))
        #expect(result.stderr.contains("udev"))
    }

    @Test func aMissingPortIsUnavailable() {
        let result = InProcessMonitor.run(["--port", "/dev/ttyGONE9", "--duration", "1"])
        #expect(result.status == 69)
        #expect(result.stderr.contains("/dev/ttyGONE9"))
    }
}
