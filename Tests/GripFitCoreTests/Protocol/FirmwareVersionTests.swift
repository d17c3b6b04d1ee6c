import Testing

@testable import GripFitCore

/// ``FirmwareVersion``: a DFU package's number and a bridge's text read the same way.
@Suite struct FirmwareVersionTests {
    @Test func theVersionNumberIsMajorTimesTenThousandPlusMinorTimesHundredPlusPatch() {
        #expect(FirmwareVersion(packageNumber: 10203) == FirmwareVersion(major: 1, minor: 2, patch: 3))
        #expect(FirmwareVersion(packageNumber: 20000)?.description == "2.0.0")
        #expect(FirmwareVersion(packageNumber: 0xFFFF_FFFF) == nil)
        #expect(FirmwareVersion("1.10.0")?.packageNumber == 11000)
        #expect(FirmwareVersion("1.100.0") == nil)
        #expect(FirmwareVersion("1.2") == nil)
        #expect(FirmwareVersion("1.2.3")! < FirmwareVersion("1.10.0")!)
    }

    @Test func aBuildSuffixIsReadAsItsRelease() {
        #expect(FirmwareVersion("1.0.0-sim") == FirmwareVersion(major: 1, minor: 0, patch: 0))
        #expect(FirmwareVersion("0.9.0+local") == FirmwareVersion(major: 0, minor: 9, patch: 0))
        #expect(FirmwareVersion("-1.0.0") == nil)
    }
}
