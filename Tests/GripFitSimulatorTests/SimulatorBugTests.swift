import Foundation
import GripFitCore
import Testing

@testable import GripFitSimulator

/// Each firmware bug changes exactly its own behaviour of the simulated GripFit or bridge.
struct SimulatorBugTests {
    static func device(_ bugs: Set<SimulatorBug> = []) -> (SimulatedGripFit, MonotonicInstant) {
        var options = SimulatorOptions()
        options.bugs = bugs
        var device = SimulatedGripFit(options: options)
        device.load = .constant(kilograms: 0)
        let start = MonotonicInstant(nanoseconds: 1_000_000_000)
        _ = device.connected(at: start)
        return (device, start)
    }

    static func readingTimes(_ device: inout SimulatedGripFit, from start: MonotonicInstant, for duration: Duration) -> Int {
        device.advance(to: start + duration, deliver: true).filter { $0.hasPrefix("R:") }.count
    }

    @Test func theCleanDeviceStreamsAtTheRateItConfirms() {
        var (device, start) = Self.device()
        #expect(device.command("CMD:RATE:50", at: start) == ["S:RATE:50"])
        #expect(Self.readingTimes(&device, from: start, for: .seconds(1)) == 20)
    }

    @Test func wrongRateConfirmsButKeepsTheOldInterval() {
        var (device, start) = Self.device([.wrongRate])
        #expect(device.command("CMD:RATE:50", at: start) == ["S:RATE:50"])
        #expect(device.intervalMilliseconds == 100)
        #expect(Self.readingTimes(&device, from: start, for: .seconds(1)) == 10)
    }

    @Test func noTaredTaresSilently() {
        var (device, start) = Self.device([.noTared])
        #expect(device.command("CMD:TARE", at: start).isEmpty)
        let readings = device.advance(to: start + .milliseconds(500), deliver: true).compactMap { Int($0.dropFirst(2)) }
        #expect(!readings.isEmpty)
        #expect(readings.allSatisfy { abs($0) < 1_000 }, "the tare still happened: \(readings)")
    }

    @Test func slowPongAnswersAfterTheDelay() {
        var (device, start) = Self.device([.slowPong])
        #expect(device.command("CMD:PING", at: start).isEmpty)
        #expect(!device.advance(to: start + .milliseconds(1499), deliver: true).contains("S:PONG"))
        #expect(device.advance(to: start + SimulatedGripFit.slowPongDelay, deliver: true).contains("S:PONG"))
    }

    @Test func slowPongIsForgottenOnDisconnect() {
        var (device, start) = Self.device([.slowPong])
        _ = device.command("CMD:PING", at: start)
        device.disconnected()
        #expect(device.nextDeadline == nil)
    }

    @Test func noInfoIgnoresInfoButStillGreetsOnConnect() {
        var options = SimulatorOptions()
        options.bugs = [.noInfo]
        var device = SimulatedGripFit(options: options)
        #expect(device.connected(at: .zero).first == "D:GRIPFIT,1.0")
        #expect(device.command("CMD:INFO", at: .zero).isEmpty)
    }

    @Test func malformedAddsABadLineWithoutLosingReadings() {
        var (device, start) = Self.device([.malformed])
        let lines = device.advance(to: start + .seconds(4), deliver: true)
        let parsed = lines.map { MessageParser.parse($0) }
        let readings = parsed.filter { if case .success(.reading) = $0 { true } else { false } }.count
        let bad = parsed.filter { if case .failure = $0 { true } else { false } }.count
        #expect(readings == 40)
        #expect(bad == 40 / SimulatedGripFit.malformedEvery)
    }

    @Test func theCleanDeviceAnswersEverythingAtOnce() {
        var (device, start) = Self.device()
        #expect(device.command("CMD:PING", at: start) == ["S:PONG"])
        #expect(device.command("CMD:TARE", at: start) == ["S:TARED"])
        #expect(device.command("CMD:INFO", at: start) == ["D:GRIPFIT,1.0"])
    }

    /// Powers a bridge up and runs it until its GripFit is connected.
    static func connectedBridge(_ bugs: Set<SimulatorBug>) -> (SimulatedBridge, MonotonicInstant) {
        var options = SimulatorOptions()
        options.bugs = bugs
        var bridge = SimulatedBridge(options: options)
        _ = bridge.start(at: .zero)
        bridge.hostOpened(at: .zero)
        let now = MonotonicInstant.zero + .seconds(2)
        _ = bridge.advance(to: now)
        return (bridge, now)
    }

    static func lines(_ output: [[UInt8]]) -> [String] {
        output.map { String(decoding: $0, as: UTF8.self).trimmingCharacters(in: ["\n"]) }
    }

    @Test func theCleanBridgeReconnectsAfterDisconnect() {
        var (bridge, now) = Self.connectedBridge([])
        #expect(Self.lines(bridge.hostLine("BRIDGE:DISCONNECT", at: now)) == ["B:DISCONNECTED,C0:FF:EE:00:00:01,HOST"])
        let after = Self.lines(bridge.advance(to: now + .seconds(3)))
        #expect(after.contains("B:CONNECTED,C0:FF:EE:00:00:01"))
        #expect(after.contains("D:GRIPFIT,1.0"))
    }

    @Test func noReconnectStaysDownAfterDisconnect() {
        var (bridge, now) = Self.connectedBridge([.noReconnect])
        #expect(Self.lines(bridge.hostLine("BRIDGE:DISCONNECT", at: now)) == ["B:DISCONNECTED,C0:FF:EE:00:00:01,HOST"])
        #expect(bridge.advance(to: now + .seconds(30)).isEmpty)
        #expect(Self.lines(bridge.hostLine("BRIDGE:STATUS", at: now + .seconds(30))) == ["B:STATUS,IDLE"])
    }

    @Test func bugNamesRoundTrip() {
        for bug in SimulatorBug.allCases {
            #expect(SimulatorBug(argument: bug.description) == bug)
        }
        #expect(SimulatorBug(argument: "nonsense") == nil)
    }
}
