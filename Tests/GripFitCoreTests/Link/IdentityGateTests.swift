import Testing

@testable import GripFitCore

struct IdentityGateTests {
    let address = BLEAddress("C0:FF:EE:00:00:01")!

    @Test func readingsWaitForTheBridgeToNameTheGripFit() {
        var gate = IdentityGate()
        let start = MonotonicInstant.zero
        #expect(gate.decide(readingAt: start, address: nil, behindBridge: false) == .wait)
        #expect(gate.decide(readingAt: start + .milliseconds(100), address: nil, behindBridge: true) == .wait)
        #expect(gate.decide(readingAt: start + .milliseconds(200), address: address, behindBridge: true) == .bridge(address))
    }

    @Test func aPlainRelayFallsBackAfterTheBoundedWait() {
        var gate = IdentityGate(wait: .seconds(1))
        let start = MonotonicInstant.zero + .seconds(5)
        #expect(gate.decide(readingAt: start, address: nil, behindBridge: false) == .wait)
        #expect(gate.decide(readingAt: start + .milliseconds(999), address: nil, behindBridge: false) == .wait)
        #expect(gate.decide(readingAt: start + .seconds(1), address: nil, behindBridge: false) == .noBridge)
    }

    @Test func aBridgeThatNamesNoGripFitIsToldApart() {
        var gate = IdentityGate(wait: .seconds(1), bridgeWait: .seconds(3))
        _ = gate.decide(readingAt: .zero, address: nil, behindBridge: true)
        #expect(gate.decide(readingAt: .zero + .seconds(2), address: nil, behindBridge: true) == .wait, "a bridge gets longer")
        #expect(gate.decide(readingAt: .zero + .seconds(3), address: nil, behindBridge: true) == .bridgeSilent)
    }
}
