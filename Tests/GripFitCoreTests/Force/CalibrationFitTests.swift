import GripFitCore
import Testing

struct CalibrationFitTests {
    @Test func averagesAStablePoint() throws {
        let point = try CalibrationFit.point([1000, 1010, 990, 1000, 1000, 1010, 990, 1000, 1000, 1000]).get()
        #expect(point.mean == 1000)
        #expect(point.sampleCount == 10)
        #expect(abs(point.standardDeviation - 6.324555320336759) < 1e-9)
    }

    @Test func refusesUnstableInput() {
        let shaky: [Int32] = (0..<20).map { $0 % 2 == 0 ? 0 : 2_000 }
        #expect(CalibrationFit.point(shaky) == .failure(.unstable(standardDeviation: 1_000, limit: 400)))
    }

    @Test func refusesTooFewReadings() {
        #expect(CalibrationFit.point([1, 2, 3]) == .failure(.tooFewReadings(got: 3, need: 10)))
    }

    @Test func fitsTwoPoints() throws {
        let zero = CalibrationPoint(mean: 8_000, standardDeviation: 10, sampleCount: 20)
        let load = CalibrationPoint(mean: 8_000 + 10 * 21_000, standardDeviation: 10, sampleCount: 20)
        let calibration = try CalibrationFit.fit(zero: zero, load: load, known: ForceQuantity(10, .kilograms)).get()
        #expect(calibration == Calibration(offset: 8_000, countsPerKilogram: 21_000))
        #expect(calibration.kilograms(raw: 8_000 + 42_000) == 2)
        #expect(abs(calibration.value(raw: 8_000 + 21_000, in: .newtons) - 9.80665) < 1e-12)
    }

    @Test func fitsFromPounds() throws {
        let zero = CalibrationPoint(mean: 0, standardDeviation: 0, sampleCount: 20)
        let load = CalibrationPoint(mean: 100_000, standardDeviation: 0, sampleCount: 20)
        let calibration = try CalibrationFit.fit(zero: zero, load: load, known: ForceQuantity(22, .pounds)).get()
        #expect(abs(calibration.value(raw: 100_000, in: .pounds) - 22) < 1e-9)
    }

    @Test func refusesAMassThatDidNotRegister() {
        let zero = CalibrationPoint(mean: 5_000, standardDeviation: 0, sampleCount: 20)
        let lighter = CalibrationPoint(mean: 4_000, standardDeviation: 0, sampleCount: 20)
        #expect(
            CalibrationFit.fit(zero: zero, load: lighter, known: ForceQuantity(10, .kilograms))
                == .failure(.loadNotDetected(deltaCounts: -1_000, minimum: 1_000))
        )
    }

    @Test func errorsSayWhatToDo() {
        #expect(CalibrationError.unstable(standardDeviation: 900, limit: 400).description.contains("hold the dynamometer still"))
        #expect(CalibrationError.loadNotDetected(deltaCounts: 3, minimum: 1_000).description.contains("hang the mass"))
    }
}
