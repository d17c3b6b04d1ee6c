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
}
