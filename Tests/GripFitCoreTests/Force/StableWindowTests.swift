import GripFitCore
import Testing

struct StableWindowTests {
    private func at(_ milliseconds: Int) -> MonotonicInstant {
        MonotonicInstant(nanoseconds: Int64(milliseconds) * 1_000_000)
    }

    @Test func acceptsTwoSecondsOfStillReadings() {
        var window = StableWindow()
        var accepted: (Int, CalibrationPoint)?
        for step in 0..<40 {
            if let point = window.add(step % 2 == 0 ? 500 : 520, at: at(step * 100)) {
                accepted = (step, point)
                break
            }
        }
        #expect(accepted?.0 == 19)
        #expect(accepted?.1.mean == 510)
    }

    @Test func waitsOutAMovingHandle() {
        var window = StableWindow()
        var accepted: Int?
        for step in 0..<60 {
            let raw: Int32 = step < 20 ? Int32(step * 3_000) : 60_000
            if window.add(raw, at: at(step * 100)) != nil {
                accepted = step
                break
            }
        }
        // The 20 moving readings must all leave the window before it is still.
        #expect(accepted == 40)
        #expect(window.lastStandardDeviation == 0)
    }

    @Test func reportsTheSpreadOfNoise() {
        var window = StableWindow()
        for step in 0..<30 {
            #expect(window.add(step % 2 == 0 ? 0 : 10_000, at: at(step * 100)) == nil)
        }
        #expect((window.lastStandardDeviation ?? 0) > 4_900)
    }
}
