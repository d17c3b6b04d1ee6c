import GripFitCore
import GripFitStore
import Testing

struct CalibrationBookTests {
    @Test func keepsTheLatestCalibrationPerDevice() throws {
        let book = CalibrationBook(path: Fixtures.temporaryDirectory() + "/config/gripfit/calibrations.json")
        #expect(try book.all().isEmpty)
        try book.save(Fixtures.calibration)
        var newer = Fixtures.calibration
        newer.countsPerKilogram = 21_000
        try book.save(newer)
        var other = Fixtures.calibration
        other.device = "usb:ABC"
        try book.save(other)
        #expect(try book.calibration(for: Fixtures.calibration.device) == newer)
        #expect(try book.all().count == 2)
        #expect(try book.calibration(for: "usb:none") == nil)
    }
}
