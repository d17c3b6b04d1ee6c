import Testing

@testable import GripFitCore

/// The zero follows tares and power cycles; the scale never moves.
struct ZeroTrackerTests {
    /// Calibrated untared: 834,000 counts with nothing on, 20,000 counts per kg.
    let calibration = Calibration(offset: 834_000, countsPerKilogram: 20_000)

    func kilograms(_ tracker: inout ZeroTracker, _ raw: Int32) -> Double? {
        tracker.observe(.message(.reading(raw)))
        return tracker.value(raw: raw, in: .kilograms)
    }

    @Test func anUntaredGripFitUsesTheCalibrationsZero() {
        var tracker = ZeroTracker(calibration: calibration)
        #expect(tracker.value(raw: 1_034_000, in: .kilograms) == nil, "unsettled before any reading")
        #expect(kilograms(&tracker, 1_034_000) == 10)
        #expect(tracker.source == .calibration)
    }

    @Test func aGripFitTaredBeforeTheSessionReadsFromZero() {
        var tracker = ZeroTracker(calibration: calibration)
        #expect(kilograms(&tracker, 12) == 0.0006)
        #expect(kilograms(&tracker, 200_000) == 10)
        #expect(tracker.source == .taredBefore)
    }

    @Test func aTareSeenLiveMakesTheLoadAtThatMomentZero() {
        var tracker = ZeroTracker(calibration: calibration)
        #expect(kilograms(&tracker, 1_034_000) == 10)
        tracker.observe(.message(.status(.tared)))
        #expect(tracker.source == .tare)
        #expect(kilograms(&tracker, 0) == 0, "net weight")
        #expect(kilograms(&tracker, 100_000) == 5, "same scale")
    }

    @Test func aLostLinkSettlesTheZeroAgainFromTheNextReading() {
        var tracker = ZeroTracker(calibration: calibration)
        tracker.observe(.message(.status(.tared)))
        #expect(kilograms(&tracker, 200_000) == 10)
        tracker.observe(.state(.disconnected))
        #expect(tracker.zero == nil)
        tracker.observe(.state(.connected))
        #expect(kilograms(&tracker, 1_034_000) == 10, "power-cycled: untared again, same 10 kg")
        tracker.observe(.state(.error(.sensorNotReady)))
        #expect(kilograms(&tracker, 1_034_000) == 10, "a sensor hiccup is not a new link")
    }

    /// An untared grip only reads above its zero: anything 5 kg below it is a tared GripFit.
    @Test func aReadingWellBelowTheCalibrationsZeroIsTared() {
        #expect(ZeroTracker.resolve(firstRaw: 733_999, calibration: calibration) == (0, .taredBefore), "a 36.7 kg net grip")
        #expect(ZeroTracker.resolve(firstRaw: 734_001, calibration: calibration) == (834_000, .calibration))
        #expect(ZeroTracker.resolve(firstRaw: 830_000, calibration: calibration) == (834_000, .calibration), "drift")
        #expect(ZeroTracker.resolve(firstRaw: -5_000, calibration: calibration) == (0, .taredBefore))
    }

    /// A sensor whose own zero is near 0 leaves no room for the margin: the nearer zero wins.
    @Test func aZeroNearZeroSidesWithTheNearerOne() {
        let small = Calibration(offset: 60_000, countsPerKilogram: 20_000)
        #expect(ZeroTracker.resolve(firstRaw: 29_999, calibration: small) == (0, .taredBefore))
        #expect(ZeroTracker.resolve(firstRaw: 30_001, calibration: small) == (60_000, .calibration))
    }

    @Test func readingsShiftBackToTheZeroARecordingStartedWith() {
        var tracker = ZeroTracker(calibration: calibration)
        #expect(tracker.raw(5, against: 0) == nil, "unsettled")
        tracker.observe(.message(.reading(1_034_000)))
        #expect(tracker.raw(1_034_000, against: 0) == 200_000, "power-cycled mid-recording that started tared")
        #expect(tracker.raw(1_034_000, against: 834_000) == 1_034_000)
        #expect(tracker.raw(Int32.max, against: 1e12) == nil, "out of range is refused, not a crash")
    }
}
