import GripFitCore
import Testing

@testable import GripFitConformance

struct ReadingWindowTests {
    /// A 2 s window at a 50 ms pace, opening at 100 ms, with a reading just before it opened.
    static func window(readingsAt offsets: [Int], pace: Duration? = .milliseconds(50)) -> ReadingWindow {
        var window = ReadingWindow(opens: .zero + .milliseconds(100), length: .seconds(2), pace: pace)
        for offset in [50] + offsets {
            _ = window.collect(.report(.message(.reading(Int32(offset)))), at: .zero + .milliseconds(offset))
        }
        return window
    }

    static let steady = Array(stride(from: 100, through: 2100, by: 50))

    @Test func aSteadyStreamSeesBothEdges() {
        let window = Self.window(readingsAt: Self.steady)
        #expect(window.sawBothEdges())
        #expect(window.pacedArrivals.count == 41)
    }

    @Test func aBacklogReadAtTheStartCountsFromItsLastReading() {
        // A host that was not scheduled from 50 to 600 ms reads the eleven readings queued meanwhile at once.
        let window = Self.window(readingsAt: Array(repeating: 600, count: 11) + Array(stride(from: 650, through: 2100, by: 50)))
        #expect(window.arrivals.count == 41)
        #expect(window.pacedArrivals.first == .zero + .milliseconds(600))
        #expect(window.pacedArrivals.count == 31)
        #expect(!window.sawBothEdges())
        let statistics = IntervalStatistics(arrivals: Array(window.pacedArrivals))
        #expect(statistics?.meanInterval == .milliseconds(50))
    }

    /// BLE carries up to six notifications in one connection event: a stream read in pairs is
    /// paced from its first pair on.
    @Test func readingsInPairsAreNotABacklog() {
        let window = Self.window(readingsAt: stride(from: 100, through: 2100, by: 100).flatMap { [$0, $0 + 1] })
        #expect(window.pacedArrivals.first == .zero + .milliseconds(101))
        #expect(window.sawBothEdges())
    }

    @Test func lastReadingsReadAfterTheCloseHideTheEnd() {
        #expect(!Self.window(readingsAt: Array(stride(from: 100, through: 1200, by: 50))).sawBothEdges())
        #expect(!Self.window(readingsAt: []).sawBothEdges())
    }

    /// A burst in the middle leaves the span, and so the mean interval, as the device kept it.
    @Test func aBurstInTheMiddleKeepsBothEdges() {
        let offsets =
            Array(stride(from: 100, through: 500, by: 50)) + Array(repeating: 1000, count: 10)
            + Array(stride(from: 1050, through: 2100, by: 50))
        let window = Self.window(readingsAt: offsets)
        #expect(window.sawBothEdges())
        #expect(window.pacedArrivals.count == offsets.count)
    }

    @Test func withoutAPaceEveryReadingInTheWindowCounts() {
        let window = Self.window(readingsAt: Array(repeating: 600, count: 11), pace: nil)
        #expect(window.pacedArrivals.count == 11)
        #expect(window.sawBothEdges())
    }

    @Test func againKeepsTheLengthAndThePaceFromNow() {
        let again = Self.window(readingsAt: [150]).again(from: .zero + .seconds(5))
        #expect(again.opens == .zero + .seconds(5))
        #expect(again.closes == .zero + .seconds(7))
        #expect(again.pace == .milliseconds(50))
        #expect(again.arrivals.isEmpty)
    }
}
