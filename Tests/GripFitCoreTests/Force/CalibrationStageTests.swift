import Testing

@testable import GripFitCore

/// The one stage between the session and the consumers, on a fake clock: readings wait for the
/// identity, the calibration filed under the decided key is looked up once, and one zero tracker
/// gives every reading its kilograms.
struct CalibrationStageTests {
    struct Filed: CalibrationRecord, Equatable {
        var calibration: Calibration
    }

    struct Unreadable: Error {}

    /// The keys a lookup was asked for.
    final class Asked: @unchecked Sendable {
        var keys: [String] = []
    }

    /// 834,000 counts with nothing on, 20,000 counts per kg.
    let filed = Filed(calibration: Calibration(offset: 834_000, countsPerKilogram: 20_000))
    let address = BLEAddress("C0:FF:EE:00:00:01")
    let start = MonotonicInstant(nanoseconds: 1_000_000_000)

    func at(_ milliseconds: Int) -> MonotonicInstant { start + .milliseconds(milliseconds) }

    @Test func readingsWaitForTheBridgeToNameTheGripFitThenCarryKilograms() throws {
        let asked = Asked()
        let filed = filed
        var stage = CalibrationStage<Filed>(fallbackKey: "usb:A1") { key in
            asked.keys.append(key)
            return filed
        }
        let waiting = stage.handle(.message(.reading(1_034_000)), at: at(0), link: LinkFacts(behindBridge: true))
        #expect(waiting.device == nil && waiting.decided == nil && waiting.kilograms == nil)
        let named = LinkFacts(deviceAddress: address, behindBridge: true)
        let first = stage.handle(.message(.reading(1_034_000)), at: at(100), link: named)
        let decided = try #require(first.decided)
        #expect(decided.key == "ble:C0:FF:EE:00:00:01" && decided.notice == nil)
        #expect(try decided.lookup.get() == filed)
        #expect(first.device == decided.key)
        #expect(first.kilograms == 10, "the deciding reading settles the zero it is shown with")
        let next = stage.handle(.message(.reading(1_134_000)), at: at(200), link: named)
        #expect(next.decided == nil && next.kilograms == 15)
        #expect(asked.keys == ["ble:C0:FF:EE:00:00:01"], "looked up once")
    }

    @Test func aPlainRelayIsFiledUnderThePortsKeyWithANotice() throws {
        var stage = CalibrationStage<Filed>(fallbackKey: "port:/dev/ttyUSB0") { _ in nil }
        #expect(stage.handle(.message(.reading(5)), at: at(0), link: LinkFacts()).decided == nil)
        let output = stage.handle(.message(.reading(5)), at: at(1_500), link: LinkFacts())
        let decided = try #require(output.decided)
        #expect(decided.key == "port:/dev/ttyUSB0")
        #expect(decided.notice?.contains("plain serial relay") == true)
        #expect(try decided.lookup.get() == nil)
        #expect(output.kilograms == nil && !stage.isCalibrated, "uncalibrated: raw counts")
    }

    @Test func aFileThatCannotBeReadIsReportedAndLeavesTheReadingsRaw() throws {
        var stage = CalibrationStage<Filed>(fallbackKey: "usb:A1", gate: IdentityGate(wait: .zero)) { _ in throw Unreadable() }
        let output = stage.handle(.message(.reading(5)), at: at(0), link: LinkFacts())
        let decided = try #require(output.decided)
        #expect(throws: Unreadable.self) { try decided.lookup.get() }
        #expect(output.kilograms == nil && stage.record == nil)
    }

    @Test func oneZeroFollowsATareForEveryoneReadingTheStage() throws {
        let filed = filed
        var stage = CalibrationStage<Filed>(fallbackKey: "usb:A1", gate: IdentityGate(wait: .zero)) { _ in filed }
        #expect(stage.handle(.message(.reading(1_034_000)), at: at(0), link: LinkFacts()).kilograms == 10)
        _ = stage.handle(.message(.status(.tared)), at: at(100), link: LinkFacts())
        #expect(stage.handle(.message(.reading(40_000)), at: at(200), link: LinkFacts()).kilograms == 2)
        #expect(stage.current?.offset == 0)
        #expect(stage.kilograms(raw: 60_000) == 3)
    }

    @Test func followingChangesDecidesAgainWhenTheBridgeNamesAnotherGripFit() throws {
        let other = BLEAddress("C0:FF:EE:00:00:02")
        let filed = filed
        for follows in [false, true] {
            var stage = CalibrationStage<Filed>(fallbackKey: "usb:A1", followsChanges: follows) { key in
                key.hasSuffix("01") ? filed : nil
            }
            _ = stage.handle(.message(.reading(1_034_000)), at: at(0), link: LinkFacts(deviceAddress: address))
            let moved = stage.handle(.message(.reading(1_034_000)), at: at(100), link: LinkFacts(deviceAddress: other))
            #expect((moved.decided?.key == "ble:C0:FF:EE:00:00:02") == follows)
            #expect(stage.isCalibrated == !follows, "the new GripFit's own calibration (none) when following")
        }
    }

    @Test func settlingDecidesFromTheLinkWhenTheGateHasNotYet() {
        let stage = CalibrationStage<Filed>(fallbackKey: "usb:A1") { _ in nil }
        #expect(stage.settle(link: LinkFacts(deviceAddress: address)) == ("ble:C0:FF:EE:00:00:01", nil))
        let silent = stage.settle(link: LinkFacts(behindBridge: true))
        #expect(silent.key == "usb:A1")
        #expect(silent.notice?.contains("named no GripFit") == true)
    }

    /// A bridge that names the GripFit only after the gate settled on the port's key: `calibrate`
    /// files under the GripFit, as it did when it decided from the session's end state.
    @Test func settlingPrefersALateBridgeAddressOverThePortKey() {
        var stage = CalibrationStage<Filed>(fallbackKey: "usb:A1", gate: IdentityGate(wait: .zero)) { _ in nil }
        _ = stage.handle(.message(.reading(1_034_000)), at: at(0), link: LinkFacts())
        #expect(stage.settle(link: LinkFacts()).key == "usb:A1")
        #expect(stage.settle(link: LinkFacts(deviceAddress: address)) == ("ble:C0:FF:EE:00:00:01", nil))
    }
}
