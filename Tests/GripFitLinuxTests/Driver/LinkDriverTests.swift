import GripFitCore
import GripFitSimulator
import Testing

@testable import GripFitLinux

/// The real driver, serial port and poll loop against the virtual dongle on a pty.
@Suite(.serialized) struct LinkDriverTests {
    struct Run {
        var readings: [Int32] = []
        var warnings: [LinkWarning] = []
        var states: [LinkState] = []
        var firmware: [String] = []
    }

    func run(_ options: SimulatorOptions, seconds: Int, until: ((Run) -> Bool)? = nil) throws -> (Run, VirtualDongle.Statistics) {
        let dongle = try VirtualDongle(options: options)
        dongle.start()
        defer { dongle.stop() }
        let driver = LinkDriver(portPath: dongle.path)
        var result = Run()
        let clock = MonotonicClock()
        try driver.run(until: clock.now() + .seconds(seconds)) { report, _ in
            switch report {
            case .message(.reading(let value)): result.readings.append(value)
            case .message(.device(let info)): result.firmware.append(info.firmware)
            case .warning(let warning): result.warnings.append(warning)
            case .state(let state): result.states.append(state)
            default: break
            }
            return until.map { !$0(result) } ?? true
        }
        return (result, dongle.statistics)
    }

    @Test func everyReadingArrivesOnceAndInOrderThroughFragmentsAndGarbage() throws {
        var options = SimulatorOptions()
        options.pattern = .counter
        options.faults = [.fragment, .garbage]
        let (run, statistics) = try run(options, seconds: 4)
        #expect(run.readings.count >= 20)
        #expect(run.readings == Array(1...Int32(run.readings.count)))
        #expect(run.firmware.first == "1.0")
        let badLines = run.warnings.filter(\.isBadLine)
        // One warning per garbage line, which follows every fifth reading; the last may still be in flight.
        let expected = run.readings.count / 5
        #expect(badLines.count == expected || (run.readings.count % 5 == 0 && badLines.count == expected - 1))
        #expect(statistics.garbageDelivered >= badLines.count)
    }

    @Test func aStalledDeviceIsPingedFoundStaleAndReconnected() throws {
        var options = SimulatorOptions()
        options.faults = [.stall]
        let (run, _) = try run(options, seconds: 12) { run in run.firmware.count >= 2 && run.readings.count > 35 }
        let reasons = run.warnings.map(\.reason)
        #expect(reasons.contains(.noReadings))
        #expect(reasons.contains(.staleLink))
        #expect(run.firmware.count >= 2, "the handshake repeats after the reconnect")
        #expect(run.readings.count > 30, "readings resume after the reconnect")
    }

    @Test func aDeviceThatStillAnswersPingStaysConnected() throws {
        var options = SimulatorOptions()
        options.faults = [.stallAnswersPing]
        let (run, _) = try run(options, seconds: 7)
        let reasons = run.warnings.map(\.reason)
        #expect(reasons.contains(.noReadings))
        #expect(!reasons.contains(.staleLink))
        #expect(run.states.last == .connected)
    }

    @Test func droppedLinksReconnectAndStreamingResumes() throws {
        var options = SimulatorOptions()
        options.faults = [.dropLink]
        options.seed = 7
        let (run, _) = try run(options, seconds: 8)
        #expect(run.states.contains(.disconnected))
        #expect(run.states.filter { $0 == .connected }.count >= 2)
        #expect(run.states.last == .connected || run.states.last == .scanning || run.states.last == .connecting)
        #expect(run.readings.count > 40)
    }

    @Test func aMissingPortFailsAsDongleMissing() throws {
        let driver = LinkDriver(portPath: "/dev/ttyGONE9")
        var states: [LinkState] = []
        try driver.run(until: MonotonicClock().now() + .milliseconds(200)) { report, _ in
            if case .state(let state) = report { states.append(state) }
            return false
        }
        #expect(states == [.error(.dongleMissing)])
        #expect(driver.lastPortError == .notFound(path: "/dev/ttyGONE9"))
    }
}
