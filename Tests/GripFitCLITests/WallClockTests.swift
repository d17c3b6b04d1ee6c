import Foundation
import Testing

@testable import GripFitCLI

/// Moved here from EventEncoderTests when the encoder moved to GripFitLive: the formatter is the CLI's.
@Suite struct WallClockTests {
    @Test func timestampsAreRFC3339UTCWithMilliseconds() {
        #expect(WallClock.rfc3339(Date(timeIntervalSince1970: 1_795_320_631.123_4)) == "2026-11-22T04:10:31.123Z")
    }
}
