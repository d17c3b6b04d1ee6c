import Foundation
import GripFitCore
import GripFitRecords
import Testing

struct TimestampTests {
    @Test func roundTripsMilliseconds() {
        #expect(Timestamp.rfc3339(milliseconds: 1_795_000_000_123) == "2026-11-18T11:06:40.123Z")
        #expect(Timestamp.parse("2026-11-18T11:06:40.123Z") == 1_795_000_000_123)
        #expect(Timestamp.parse("2026-11-18T11:06:40Z") == 1_795_000_000_000)
        #expect(Timestamp.parse("2026-11-18") == 1_794_960_000_000)
        #expect(Timestamp.parse("yesterday") == nil)
    }

    /// Rounded down, before 1970 too, and clamped to what RFC 3339 writes rather than trapping.
    @Test func millisecondsOfADate() {
        #expect(Timestamp.milliseconds(Date(timeIntervalSince1970: 1_795_000_000.123_9)) == 1_795_000_000_123)
        #expect(Timestamp.milliseconds(Date(timeIntervalSince1970: -1.5)) == -1500)
        #expect(Timestamp.milliseconds(Date(timeIntervalSince1970: -0.000_1)) == -1)
        #expect(Timestamp.milliseconds(Date(timeIntervalSince1970: 1e300)) == RFC3339.range.upperBound)
        #expect(Timestamp.milliseconds(Date(timeIntervalSince1970: -1e300)) == RFC3339.range.lowerBound)
        let early = Timestamp.milliseconds(Date(timeIntervalSince1970: -1.5))
        #expect(RFC3339.format(milliseconds: early) == "1969-12-31T23:59:58.500Z")
    }

    /// Moved here with the CLI's `WallClock.rfc3339` (the wall clock went to GripFitLinux; a date is written through these two).
    @Test func timestampsAreRFC3339UTCWithMilliseconds() {
        #expect(
            Timestamp.rfc3339(milliseconds: Timestamp.milliseconds(Date(timeIntervalSince1970: 1_795_320_631.123_4)))
                == "2026-11-22T04:10:31.123Z"
        )
    }
}
