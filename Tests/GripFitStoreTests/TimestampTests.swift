import GripFitStore
import Testing

struct TimestampTests {
    @Test func roundTripsMilliseconds() {
        #expect(Timestamp.rfc3339(milliseconds: 1_795_000_000_123) == "2026-11-18T11:06:40.123Z")
        #expect(Timestamp.parse("2026-11-18T11:06:40.123Z") == 1_795_000_000_123)
        #expect(Timestamp.parse("2026-11-18T11:06:40Z") == 1_795_000_000_000)
        #expect(Timestamp.parse("2026-11-18") == 1_794_960_000_000)
        #expect(Timestamp.parse("yesterday") == nil)
    }
}
