import GripFitCore
import Testing

@testable import GripFitSimulator

/// The simulated dongle under a hand-moved clock: its lines must be what PROTOCOL.md promises.
struct BridgeHarness {
    var bridge: SimulatedBridge
    var now = MonotonicInstant.zero

    init(_ configure: (inout SimulatorOptions) -> Void = { _ in }) {
        var options = SimulatorOptions()
        configure(&options)
        bridge = SimulatedBridge(options: options)
    }

    static func text(_ lines: [[UInt8]]) -> [String] {
        lines.map { String(decoding: $0.dropLast(), as: UTF8.self) }
    }

    mutating func advance(_ duration: Duration) -> [String] {
        now = now + duration
        return Self.text(bridge.advance(to: now))
    }

    mutating func host(_ line: String) -> [String] {
        Self.text(bridge.hostLine(line, at: now))
    }

    /// Powered, host present, link up, first readings flowing.
    mutating func connected() -> [String] {
        _ = bridge.start(at: now)
        bridge.hostOpened(at: now)
        return advance(.seconds(1))
    }
}

@Suite struct SimulatedBridgeTests {
    @Test func helloScanFoundConnectThenDeviceInfoAndReadings() {
        var h = BridgeHarness()
        #expect(BridgeHarness.text(h.bridge.start(at: h.now)) == ["B:SCANNING"])
        h.bridge.hostOpened(at: h.now)
        let lines = h.advance(.seconds(1))
        #expect(
            Array(lines.prefix(6)) == [
                "B:BRIDGE,1.0.0-sim", "B:FOUND,C0:FF:EE:00:00:01,-48,_GRIPFIT", "B:CONNECTING,C0:FF:EE:00:00:01",
                "B:CONNECTED,C0:FF:EE:00:00:01", "D:GRIPFIT,1.0", "S:READY",
            ]
        )
        #expect(lines.dropFirst(6).allSatisfy { $0.hasPrefix("R:") })
    }

    @Test func readingsComeEvery100msAndFollowTheRate() {
        var h = BridgeHarness()
        _ = h.connected()
        #expect(h.advance(.seconds(1)).count == 10)
        #expect(h.host("CMD:RATE:50") == ["S:RATE:50"])
        #expect(h.advance(.seconds(1)).count == 20)
        #expect(h.host("CMD:RATE:5") == [], "the firmware ignores an out-of-range rate")
    }

    @Test func answersPingTareAndInfoAsTheSpecSays() {
        var h = BridgeHarness()
        _ = h.connected()
        #expect(h.host("CMD:PING") == ["S:PONG"])
        #expect(h.host("CMD:TARE") == ["S:TARED"])
        #expect(h.host("CMD:INFO") == ["D:GRIPFIT,1.0"])
    }

    @Test func taredReadingsCentreOnZeroAtRest() {
        var h = BridgeHarness()
        _ = h.connected()
        h.bridge.device.load = .constant(kilograms: 0)
        #expect(h.host("CMD:TARE") == ["S:TARED"])
        let values = h.advance(.seconds(2)).compactMap { Int($0.dropFirst(2)) }
        let mean = values.reduce(0, +) / values.count
        #expect(abs(mean) < 200)
    }

    @Test func aKnownLoadReadsAtTheDocumentedScale() {
        var h = BridgeHarness()
        _ = h.connected()
        h.bridge.device.load = .constant(kilograms: 10)
        let values = h.advance(.seconds(2)).compactMap { Int($0.dropFirst(2)) }
        let mean = Double(values.reduce(0, +)) / Double(values.count)
        let expected = Double(SimulatorScale.baseline + 10 * SimulatorScale.countsPerKilogram)
        #expect(abs(mean - expected) < 300)
    }

    @Test func bridgeCommandsAndErrors() {
        var h = BridgeHarness()
        _ = h.bridge.start(at: h.now)
        #expect(h.host("CMD:PING") == ["B:ERROR,NOT_CONNECTED"])
        #expect(h.host("BRIDGE:STATUS") == ["B:STATUS,SCANNING"])
        #expect(h.host("BRIDGE:INFO") == ["B:BRIDGE,1.0.0-sim"])
        #expect(h.host("HELLO") == ["B:ERROR,UNKNOWN_COMMAND"])
        #expect(h.host("BRIDGE:AUTO,MAYBE") == ["B:ERROR,BAD_ARGUMENT,BRIDGE:AUTO"])
        _ = h.advance(.seconds(1))
        #expect(h.host("BRIDGE:STATUS") == ["B:STATUS,CONNECTED,C0:FF:EE:00:00:01"])
        #expect(h.host("BRIDGE:DISCONNECT") == ["B:DISCONNECTED,C0:FF:EE:00:00:01,HOST"])
        #expect(h.host("BRIDGE:DISCONNECT") == ["B:ERROR,NOT_CONNECTED"])
        #expect(h.advance(.seconds(2)).contains("B:CONNECTED,C0:FF:EE:00:00:01"), "auto-connect comes back after the backoff")
    }

    @Test func autoOffAndAForeignPinOnlyReportTheAdvertiser() {
        var h = BridgeHarness()
        _ = h.bridge.start(at: h.now)
        #expect(h.host("BRIDGE:PIN,AA:BB:CC:DD:EE:FF") == [])
        let pinnedElsewhere = h.advance(.seconds(2))
        #expect(pinnedElsewhere.contains("B:FOUND,C0:FF:EE:00:00:01,-48,_GRIPFIT"))
        #expect(!pinnedElsewhere.contains { $0.hasPrefix("B:CONNECTING") })
        #expect(h.host("BRIDGE:CONNECT,C0:FF:EE:00:00:01") == ["B:CONNECTING,C0:FF:EE:00:00:01"])
    }

    @Test func nothingIsDeliveredWhileTheHostIsAway() {
        var h = BridgeHarness { $0.pattern = .counter }
        _ = h.connected()
        h.bridge.hostClosed()
        _ = h.advance(.seconds(1))
        h.bridge.hostOpened(at: h.now)
        let lines = h.advance(.seconds(1))
        #expect(lines.first == "B:BRIDGE,1.0.0-sim")
        let counters = lines.compactMap { Int($0.dropFirst(2)) }
        #expect(counters == Array(counters.first!..<counters.first! + counters.count))
        #expect(counters.first == h.bridge.device.readingsDelivered - counters.count + 1)
    }

    @Test func helloComesTheMomentThePortOpensAndItsEchoIsIgnored() {
        var h = BridgeHarness()
        _ = h.bridge.start(at: h.now)
        h.bridge.hostOpened(at: h.now)
        #expect(h.advance(.zero) == ["B:BRIDGE,1.0.0-sim"])
        #expect(h.host("B:BRIDGE,1.0.0-sim") == [])
        #expect(h.host("") == [])
    }

    @Test func dataLossReplacesTwoReadingsAfterEveryTenthWithOneDataLostLine() {
        var h = BridgeHarness {
            $0.pattern = .counter
            $0.faults = [.dataLoss]
        }
        let lines = h.connected() + h.advance(.seconds(3))
        let afterConnect = lines.drop { !$0.hasPrefix("R:") }
        var expected: [String] = []
        var value = 1
        while expected.count < afterConnect.count {
            expected.append("R:\(value)")
            if value % 10 == 0 {
                expected.append("B:ERROR,DATA_LOST,\(("R:\(value + 1)\n" + "R:\(value + 2)\n").utf8.count)")
                value += 2
            }
            value += 1
        }
        #expect(Array(afterConnect) == expected)
        #expect(afterConnect.contains { $0.hasPrefix("B:ERROR,DATA_LOST,") })
    }

    @Test func notReadyFault() {
        var h = BridgeHarness { $0.faults = [.notReady] }
        let lines = h.connected()
        #expect(lines.contains("S:NOT_READY"))
        #expect(!lines.contains { $0.hasPrefix("R:") })
        #expect(h.host("CMD:TARE") == ["S:NOT_READY"])
    }

    @Test func stallFaultsStopReadingsAndOptionallyPing() {
        var silent = BridgeHarness { $0.faults = [.stall] }
        _ = silent.connected()
        _ = silent.advance(.seconds(3))
        #expect(silent.advance(.seconds(2)).isEmpty)
        #expect(silent.host("CMD:PING") == [])
        var answering = BridgeHarness { $0.faults = [.stallAnswersPing] }
        _ = answering.connected()
        _ = answering.advance(.seconds(3))
        #expect(answering.advance(.seconds(2)).isEmpty)
        #expect(answering.host("CMD:PING") == ["S:PONG"])
    }

    @Test func dropLinkFaultDisconnectsAndReconnects() {
        var h = BridgeHarness { $0.faults = [.dropLink] }
        _ = h.connected()
        let lines = h.advance(.seconds(8))
        #expect(lines.contains("B:DISCONNECTED,C0:FF:EE:00:00:01,0x08"))
        #expect(lines.filter { $0 == "D:GRIPFIT,1.0" }.count >= 1)
    }

    @Test func garbageFollowsEveryFifthReading() {
        var h = BridgeHarness {
            $0.faults = [.garbage]
            $0.pattern = .counter
        }
        _ = h.connected()
        let lines = h.advance(.seconds(3))
        for (index, line) in lines.enumerated() where !line.hasPrefix("R:") || Int(line.dropFirst(2)) == nil {
            #expect(index > 0)
            #expect(Int(lines[index - 1].dropFirst(2)).map { $0 % 5 == 0 } == true, "\(line)")
        }
        #expect(h.bridge.garbageDelivered == h.bridge.device.readingsDelivered / 5)
    }
}

@Suite struct SimulatedBridgeTwoGripFitsTests {
    @Test func findsBothConnectsToTheFirstAndMovesToThePinnedOne() {
        var h = BridgeHarness { $0.otherAddresses = ["C0:FF:EE:00:00:02"] }
        let first = h.connected()
        #expect(first.contains("B:FOUND,C0:FF:EE:00:00:01,-48,_GRIPFIT"))
        #expect(first.contains("B:FOUND,C0:FF:EE:00:00:02,-57,_GRIPFIT 2"))
        #expect(first.contains("B:CONNECTED,C0:FF:EE:00:00:01"))
        let pinned = h.host("BRIDGE:PIN,C0:FF:EE:00:00:02")
        #expect(pinned == ["B:DISCONNECTED,C0:FF:EE:00:00:01,HOST", "B:SCANNING"])
        let after = h.advance(.seconds(1))
        #expect(after.contains("B:CONNECTED,C0:FF:EE:00:00:02"))
        #expect(h.host("BRIDGE:STATUS") == ["B:STATUS,CONNECTED,C0:FF:EE:00:00:02"])
        #expect(h.host("BRIDGE:PIN,C0:FF:EE:00:00:02").isEmpty, "the same pin keeps the link")
    }

    @Test func aPinNobodyAnswersFindsNothingToConnect() {
        var h = BridgeHarness { $0.otherAddresses = ["C0:FF:EE:00:00:02"] }
        _ = h.bridge.start(at: h.now)
        h.bridge.hostOpened(at: h.now)
        _ = h.host("BRIDGE:PIN,C0:FF:EE:00:00:09")
        let lines = h.advance(.seconds(1))
        #expect(lines.contains("B:NOT_FOUND"))
        #expect(!lines.contains { $0.hasPrefix("B:CONNECTING") })
    }
}
