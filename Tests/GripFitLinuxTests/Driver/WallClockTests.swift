import GripFitCore
import GripFitLinux
import Testing

/// The wall clock follows the monotonic one from its anchor, whatever the system clock does later.
@Suite struct WallClockTests {
    private let clock = WallClock(epochNanoseconds: 1_795_320_631_123_400_000, at: MonotonicInstant(nanoseconds: 5_000_000_000))

    @Test func millisecondsFollowTheMonotonicClockRoundedDown() {
        #expect(clock.epochMilliseconds(at: MonotonicInstant(nanoseconds: 5_000_000_000)) == 1_795_320_631_123)
        #expect(clock.epochMilliseconds(at: MonotonicInstant(nanoseconds: 6_500_000_000)) == 1_795_320_632_623)
        #expect(clock.epochMilliseconds(at: MonotonicInstant(nanoseconds: 5_000_599_999)) == 1_795_320_631_123)
        #expect(clock.epochMilliseconds(at: MonotonicInstant(nanoseconds: 4_999_000_000)) == 1_795_320_631_122)
        #expect(
            RFC3339.format(milliseconds: clock.epochMilliseconds(at: MonotonicInstant(nanoseconds: 5_000_000_000)))
                == "2026-11-22T04:10:31.123Z"
        )
    }

    /// Before 1970 the remainder is negative: still rounded down; an instant centuries away saturates
    /// (at 2262 and 1677, which RFC 3339 writes), never a trap.
    @Test func beforeNineteenSeventyAndFarAwayInstants() {
        let epoch = WallClock(epochNanoseconds: 0, at: .zero)
        #expect(epoch.epochMilliseconds(at: MonotonicInstant(nanoseconds: -1)) == -1)
        #expect(epoch.epochMilliseconds(at: MonotonicInstant(nanoseconds: -1_500_000_000)) == -1500)
        #expect(clock.epochMilliseconds(at: MonotonicInstant(nanoseconds: .max)) == Int64.max / 1_000_000)
        #expect(epoch.epochMilliseconds(at: MonotonicInstant(nanoseconds: .min)) == Int64.min / 1_000_000 - 1)
    }

    /// On a simulator's clock ten times the host's (`--speed 10`) the dates stay the host's: ten
    /// seconds of the session are one of the calendar's, so a recording is dated when it happened.
    @Test func aSpedUpClocksInstantsAreDatedByTheHostsTime() {
        let fast = WallClock(epochNanoseconds: 1_795_320_631_123_400_000, at: MonotonicInstant(nanoseconds: 5_000_000_000), speed: 10)
        #expect(fast.epochMilliseconds(at: MonotonicInstant(nanoseconds: 15_000_000_000)) == 1_795_320_632_123)
        #expect(fast.epochMilliseconds(at: MonotonicInstant(nanoseconds: 4_000_000_000)) == 1_795_320_631_023)
        #expect(fast.epochMilliseconds(at: MonotonicInstant(nanoseconds: .max)) > 1_795_320_632_123, "far, never a trap")
    }
}
