import GripFitCore
import Testing

@testable import GripFitConformance

struct ReadingWindowTests {
    static func window(readingsAt offsets: [Int]) -> ReadingWindow {
        var window = ReadingWindow(opens: .zero, length: .seconds(2))
        for offset in offsets {
            _ = window.collect(.report(.message(.reading(0))), at: .zero + .milliseconds(offset))
        }
        return window
    }

    @Test func aSteadyStreamSeesBothEdges() {
        let window = Self.window(readingsAt: Array(stride(from: 50, through: 2000, by: 50)))
        #expect(window.sawBothEdges(nominal: .milliseconds(50)))
    }

    @Test func aBurstAtTheStartOrAtTheEndHidesAnEdge() {
        #expect(!Self.window(readingsAt: Array(repeating: 900, count: 10) + Array(stride(from: 950, through: 2000, by: 50)))
            .sawBothEdges(nominal: .milliseconds(50)))
        #expect(!Self.window(readingsAt: Array(stride(from: 50, through: 1200, by: 50))).sawBothEdges(nominal: .milliseconds(50)))
        #expect(!Self.window(readingsAt: []).sawBothEdges(nominal: .milliseconds(50)))
    }

    /// A burst in the middle leaves the span, and so the mean interval, as the device kept it.
    @Test func aBurstInTheMiddleKeepsBothEdges() {
        let offsets = Array(stride(from: 50, through: 500, by: 50)) + Array(repeating: 1000, count: 10)
            + Array(stride(from: 1050, through: 2000, by: 50))
        #expect(Self.window(readingsAt: offsets).sawBothEdges(nominal: .milliseconds(50)))
    }

    @Test func againKeepsTheLengthFromNow() {
        let again = Self.window(readingsAt: [100]).again(from: .zero + .seconds(5))
        #expect(again.opens == .zero + .seconds(5))
        #expect(again.closes == .zero + .seconds(7))
        #expect(again.arrivals.isEmpty)
    }
}
