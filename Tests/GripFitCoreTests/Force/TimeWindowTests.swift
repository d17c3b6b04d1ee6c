import Testing

@testable import GripFitCore

struct TimeWindowTests {
    private func at(_ milliseconds: Int) -> MonotonicInstant {
        MonotonicInstant(nanoseconds: Int64(milliseconds) * 1_000_000)
    }

    @Test func isFullOnceItReachesBackASpanLessTheSlack() {
        var window = TimeWindow<Int>(span: .seconds(1), capacity: 100)
        // 100 ms readings: up to the one at 800 ms the window reaches back less than 1 s less 150 ms.
        for step in 0...8 {
            let full = window.add(step, at: at(step * 100))
            #expect(!full)
        }
        let full = window.add(9, at: at(900))
        #expect(full)
        #expect(window.values == Array(0...9))
    }

    @Test func dropsWhatIsOlderThanTheSpan() {
        var window = TimeWindow<Int>(span: .seconds(1), capacity: 100)
        for step in 0...15 {
            _ = window.add(step, at: at(step * 100))
        }
        #expect(window.values == Array(5...15))
    }

    @Test func keepsNoMoreThanItsCapacity() {
        var window = TimeWindow<Int>(span: .seconds(1), capacity: 4)
        // A flood: a reading a millisecond never reaches back the span, and only the newest stay.
        for step in 0..<50 {
            let full = window.add(step, at: at(step))
            #expect(!full)
        }
        #expect(window.values == [46, 47, 48, 49])
    }

    @Test func startsOverAfterAReset() {
        var window = TimeWindow<Int>(span: .seconds(1), capacity: 100)
        for step in 0...9 {
            _ = window.add(step, at: at(step * 100))
        }
        window.reset()
        #expect(window.values.isEmpty)
        let full = window.add(10, at: at(1_000))
        #expect(!full)
    }
}
