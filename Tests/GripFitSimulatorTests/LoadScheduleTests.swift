import GripFitCore
import Testing

@testable import GripFitSimulator

/// `--load FORCE@SECONDS` and `--power-cycle`: what tests script on the simulated GripFit.
struct LoadScheduleTests {
    static func kilograms(_ lines: [String]) -> [Double] {
        lines.compactMap { line in
            guard line.hasPrefix("R:"), let raw = Int(line.dropFirst(2)) else { return nil }
            return Double(raw - SimulatorScale.baseline) / Double(SimulatorScale.countsPerKilogram)
        }
    }

    @Test func theLoadChangesAtItsSecondSinceTheStart() {
        var h = BridgeHarness {
            $0.load = .schedule([LoadStep(seconds: 0, kilograms: 0), LoadStep(seconds: 3, kilograms: 10)])
        }
        let first = Self.kilograms(h.connected() + h.advance(.milliseconds(1900)))
        #expect(!first.isEmpty && first.allSatisfy { abs($0) < 0.05 }, "\(first)")
        let later = Self.kilograms(h.advance(.seconds(2)))
        #expect(later.suffix(5).allSatisfy { abs($0 - 10) < 0.05 }, "\(later)")
    }

    @Test func nothingHangsBeforeTheFirstStep() {
        #expect(SimulatedLoad.schedule([LoadStep(seconds: 5, kilograms: 10)]).kilograms(atSecond: 1) == 0)
        #expect(SimulatedLoad.schedule([LoadStep(seconds: 5, kilograms: 10)]).kilograms(atSecond: 5) == 10)
        #expect(SimulatedLoad.squeezes.kilograms(atSecond: 1) == nil)
    }

    @Test func aPowerCycleDropsTheLinkForgetsTheTareAndReconnects() {
        var h = BridgeHarness {
            $0.load = .constant(kilograms: 10)
            $0.powerCycles = [3]
        }
        _ = h.connected()
        #expect(h.host("CMD:TARE") == ["S:TARED"])
        let tared = h.advance(.milliseconds(1500))
        #expect(Self.kilograms(tared).allSatisfy { $0 < -40 }, "tared: readings near 0 counts")
        let cycle = h.advance(.seconds(4))
        #expect(cycle.contains("B:DISCONNECTED,C0:FF:EE:00:00:01,0x08"))
        #expect(cycle.contains("B:CONNECTED,C0:FF:EE:00:00:01"))
        #expect(cycle.filter { $0 == "D:GRIPFIT,1.0" }.count == 1, "the rebooted GripFit introduces itself")
        let rebooted = Self.kilograms(Array(cycle.drop { $0 != "D:GRIPFIT,1.0" }))
        #expect(!rebooted.isEmpty && rebooted.allSatisfy { abs($0 - 10) < 0.05 }, "untared again: \(rebooted)")
    }
}
