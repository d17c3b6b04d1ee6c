import Glibc
import GripFitCore
import GripFitRecords
import GripFitStore
import StoreTestSupport
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

    /// Health data: 0600 in a 0700 directory even under umask 000, as ssh and gpg do.
    @Test func isPrivateWhateverTheUmask() throws {
        let directory = Fixtures.temporaryDirectory() + "/config/gripfit"
        let book = CalibrationBook(path: directory + "/calibrations.json")
        let previous = umask(0)
        defer { umask(previous) }
        try book.save(Fixtures.calibration)
        var status = stat()
        #expect(stat(book.path, &status) == 0 && status.st_mode & 0o777 == 0o600)
        #expect(stat(directory, &status) == 0 && status.st_mode & 0o777 == 0o700)
    }

    @Test func refusesACalibrationNoScaleCanHave() throws {
        let path = Fixtures.temporaryDirectory() + "/calibrations.json"
        try #"[{"device":"usb:X","offset":1000,"countsPerKilogram":0,"date":""}]"#.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: StoreError.self) { try CalibrationBook(path: path).all() }
    }
}
