import GripFitCore
import Testing

@testable import GripFitConformance

struct IntervalStatisticsTests {
    static func arrivals(_ offsetsMilliseconds: [Int]) -> [MonotonicInstant] {
        offsetsMilliseconds.map { MonotonicInstant(nanoseconds: Int64($0) * 1_000_000) }
    }

    @Test func aPerfectStreamHasTheNominalMeanNoJitterAndNoDrops() throws {
        let statistics = try #require(IntervalStatistics(arrivals: Self.arrivals(Array(stride(from: 0, through: 5000, by: 100)))))
        #expect(statistics.readings == 51)
        #expect(statistics.meanInterval == .milliseconds(100))
        #expect(statistics.jitterP50 == .zero)
        #expect(statistics.jitterP99 == .zero)
        #expect(statistics.dropped == 0)
        #expect(statistics.expected == 51)
    }

    @Test func aMissingReadingCountsAsOneDropped() throws {
        let offsets = Array(stride(from: 0, through: 2000, by: 100)).filter { $0 != 700 }
        let statistics = try #require(IntervalStatistics(arrivals: Self.arrivals(offsets)))
        #expect(statistics.dropped == 1)
        #expect(statistics.expected == 21)
    }

    @Test func lateNotificationsMoveJitterNotTheMean() throws {
        // Every fifth reading 30 ms late, as BLE connection events deliver them.
        let offsets = (0...50).map { $0 * 100 + ($0 % 5 == 2 ? 30 : 0) }
        let statistics = try #require(IntervalStatistics(arrivals: Self.arrivals(offsets)))
        #expect(statistics.meanInterval == .milliseconds(100))
        #expect(abs(statistics.jitterP99.milliseconds - 30) < 0.1)
        #expect(statistics.jitterP50 == .zero)
        #expect(statistics.dropped == 0)
    }

    /// Readings every 100 ms with ±20 ms of spread (a fixed pseudo-random sequence); `late` are
    /// read at once, a millisecond apart, at the last one's time, as a host stalled by a busy machine reads them.
    static func spread(_ count: Int, missing: Int? = nil, late: ClosedRange<Int>? = nil) -> [MonotonicInstant] {
        var state: UInt32 = 1
        let jitter = (0..<count).map { _ in
            state = state &* 1_103_515_245 &+ 12_345
            return Int((state & 0x7FFF_FFFF) >> 16) % 41 - 20
        }
        let offsets = (0..<count).filter { $0 != missing }.map { index in
            guard let late, late.contains(index) else { return index * 100 + jitter[index] }
            return late.upperBound * 100 + jitter[late.upperBound] - (late.upperBound - index)
        }
        return arrivals(offsets)
    }

    @Test func readingsReadLateAllAtOnceAreNotCountedAsDropped() throws {
        // The median of every interval is 90 ms here, which would count 6 of 51 as dropped.
        let statistics = try #require(IntervalStatistics(arrivals: Self.spread(51, late: 30...45)))
        #expect(statistics.dropped == 0, "\(statistics)")
        // With the same spread a reading that never came is still counted.
        let missing = try #require(IntervalStatistics(arrivals: Self.spread(51, missing: 20)))
        #expect(missing.dropped == 1, "\(missing)")
    }

    @Test func aWrongIntervalShowsInTheDeviation() throws {
        let statistics = try #require(IntervalStatistics(arrivals: Self.arrivals(Array(stride(from: 0, through: 2000, by: 100)))))
        #expect(abs(statistics.deviation(from: .milliseconds(50)) - 1.0) < 1e-9)
        #expect(statistics.dropped == 0, "slow is not dropping")
    }

    @Test func twoReadingsSayNothing() {
        #expect(IntervalStatistics(arrivals: Self.arrivals([0, 100])) == nil)
    }

    @Test func percentilesComeFromTheHistogram() throws {
        let percentiles = DurationPercentiles((1...100).map { Duration.milliseconds($0) })
        #expect(percentiles.count == 100)
        #expect(abs(try #require(percentiles.milliseconds(at: 50)) - 50) < 0.1)
        #expect(abs(try #require(percentiles.milliseconds(at: 99)) - 99) < 0.1)
        #expect(DurationPercentiles().milliseconds(at: 50) == nil)
    }

    /// Most readings read in bunches by a host that ran now and then (beside stress-ng the median
    /// interval was microseconds and a million readings were "missing"): none counted as dropped.
    @Test func aStreamReadMostlyInBunchesCountsNoneDropped() throws {
        let offsets = (0..<10).flatMap { bunch in Array(repeating: bunch * 500, count: 5) }
        let statistics = try #require(IntervalStatistics(arrivals: Self.arrivals(offsets)))
        #expect(statistics.dropped == 0)
    }

    /// BLE delivers in connection events: 100 ms readings on a 30 ms interval come 90, 90, then
    /// 120 ms apart (the median said about 5 of 55 missing); a missing one still counts.
    @Test func readingsOnAConnectionEventGridCountNoneDropped() throws {
        let offsets = (0..<51).map { $0 * 100 / 30 * 30 }
        let statistics = try #require(IntervalStatistics(arrivals: Self.arrivals(offsets)))
        #expect(statistics.dropped == 0, "\(statistics)")
        let missingOne = try #require(IntervalStatistics(arrivals: Self.arrivals(offsets.filter { $0 != offsets[20] })))
        #expect(missingOne.dropped == 1, "\(missingOne)")
    }
}
