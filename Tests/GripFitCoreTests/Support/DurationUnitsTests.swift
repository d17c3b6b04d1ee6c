import GripFitCore
import Testing

struct DurationUnitsTests {
    @Test func secondsToTheNearestMillisecond() {
        #expect(Duration(seconds: 2.5) == .milliseconds(2500))
        #expect(Duration(seconds: 4.35) == .milliseconds(4350))
        #expect(Duration(seconds: 0.000_4) == .zero)
        #expect(Duration(seconds: -1.5) == .milliseconds(-1500))
    }

    /// Option values are anything a user types: none of them traps.
    @Test func wildSecondsAreClampedNotTrapped() {
        #expect(Duration(seconds: .nan) == .zero)
        #expect(Duration(seconds: .infinity) == .milliseconds(Int64(9e18)))
        #expect(Duration(seconds: -.infinity) == .milliseconds(Int64(-9e18)))
        #expect(Duration(seconds: 1e300).nanoseconds == .max)
    }

    @Test func secondsAsDouble() {
        #expect(Duration.milliseconds(1500).seconds == 1.5)
        #expect(Duration.nanoseconds(-250_000_000).seconds == -0.25)
        #expect(Duration.seconds(3).milliseconds == 3000)
    }
}
