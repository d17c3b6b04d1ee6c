import Testing

@testable import GripFitCore

@Suite struct BridgeFirmwareGateTests {
    @Test func olderThanRequiredIsRequiredAndTheRecommendedOneIsCurrent() {
        #expect(BridgeFirmwareGate.verdict(for: "0.9.0") == .updateRequired)
        #expect(BridgeFirmwareGate.verdict(for: "0.99.99") == .updateRequired)
        #expect(BridgeFirmwareGate.verdict(for: BridgeFirmwareGate.required) != .updateRequired)
        #expect(BridgeFirmwareGate.verdict(for: BridgeFirmwareGate.recommended) == .current)
        #expect(BridgeFirmwareGate.verdict(for: "1.10.0") == .current, "numbers, not text: 1.10 is after 1.9")
        #expect(BridgeFirmwareGate.verdict(for: "2.0.0") == .current)
        #expect(BridgeFirmwareGate.verdict(for: "\(BridgeFirmwareGate.recommended)-sim") == .current, "the simulator's")
        #expect(BridgeFirmwareGate.verdict(for: "0.9.0+local") == .updateRequired)
    }

    @Test func betweenRequiredAndRecommendedIsRecommended() {
        let verdict = { (reported: String) in BridgeFirmwareGate.verdict(for: reported, required: "1.0.0", recommended: "1.2.0") }
        #expect(verdict("0.9.9") == .updateRequired)
        #expect(verdict("1.0.0") == .updateRecommended)
        #expect(verdict("1.1.7") == .updateRecommended)
        #expect(verdict("1.2.0") == .current)
    }

    @Test func somethingThatIsNoVersionIsNeitherRefusedNorPassed() {
        for text in ["", "1.0", "1.0.0.0", "v1.0.0", "1.-1.0", "abc"] {
            #expect(BridgeFirmwareGate.verdict(for: text) == .unrecognised, "\(text)")
        }
    }

    @Test func theAdviceNamesTheVersionsAndTheUpdateCommand() throws {
        #expect(BridgeFirmwareGate.advice(for: BridgeFirmwareGate.recommended, escaped: "x") == nil)
        let advice = try #require(BridgeFirmwareGate.advice(for: "0.9.0", escaped: "0.9.0"))
        #expect(advice.contains("0.9.0 is older than \(BridgeFirmwareGate.required)"))
        #expect(advice.contains("required"))
        #expect(advice.contains("gripfit-serial bridge update"))
    }

    @Test func theRequiredVersionIsNoNewerThanTheRecommendedOne() {
        #expect(BridgeFirmwareGate.verdict(for: BridgeFirmwareGate.required) != .updateRequired)
        #expect(BridgeFirmwareGate.verdict(for: BridgeFirmwareGate.required) != .unrecognised)
    }
}
