import Foundation
import GripFitSimulator
import Testing

/// `calibrate` and the readings it calibrates, and a device without one, run in-process on a
/// simulator in the test (``InProcessCommand``, ``InProcessMonitor``): the calibration's end-to-end
/// path through the binary is TareCalibrationTests.calibratingATaredGripFitWarns.
@Suite(.waitsOnProcesses, .timeLimit(.minutes(15)))
struct CalibrateCommandTests {
    @Test func calibrationMatchesTheSimulatorScale() throws {
        let cli = BuiltBinary()
        let calibrate = cli.runInProcess("calibrate", "--simulate", "--mass", "10kg")
        #expect(calibrate.status == 0, "\(calibrate.stderr)")
        #expect(calibrate.stdout.contains("calibrated ble:C0:FF:EE:00:00:01"))

        let file = try Data(contentsOf: URL(fileURLWithPath: cli.configHome + "/gripfit/calibrations.json"))
        let stored = try #require((try JSONSerialization.jsonObject(with: file) as? [[String: Any]])?.first)
        let scale = try #require(stored["countsPerKilogram"] as? Double)
        let offset = try #require(stored["offset"] as? Double)
        #expect(abs(scale / Double(SimulatorScale.countsPerKilogram) - 1) < 0.005)
        #expect(abs(offset - Double(SimulatorScale.baseline)) < 200)
        #expect(stored["date"] as? String != nil)

        for (unit, expected) in [("kg", 10.0), ("lb", 22.046), ("N", 98.07)] {
            let monitor = InProcessMonitor.run(
                ["--simulate", "--speed", "5", "--load", "10kg", "--unit", unit, "--format", "jsonl", "--duration", "0.6"],
                in: cli
            )
            #expect(monitor.status == 0, "\(monitor.stderr)")
            let forces = monitor.stdout.split(separator: "\n").compactMap { line -> Double? in
                guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                    object["event"] as? String == "reading", object["unit"] as? String == unit
                else { return nil }
                return object["force"] as? Double
            }
            #expect(forces.count >= 10)
            let mean = forces.reduce(0, +) / Double(max(1, forces.count))
            #expect(abs(mean / expected - 1) < 0.01, "\(unit): \(mean)")
        }
    }

    @Test func anUncalibratedDeviceShowsRawAndSaysSo() throws {
        let cli = BuiltBinary()
        let monitor = InProcessMonitor.run(["--simulate", "--unit", "kg", "--format", "jsonl", "--duration", "1.5"], in: cli)
        #expect(monitor.status == 0)
        #expect(monitor.stderr.contains("no calibration for this device: showing raw counts"))
        #expect(monitor.stdout.contains("\"raw\":"))
        #expect(!monitor.stdout.contains("\"force\":"))
    }

    /// The file is read once the GripFit is known; a damaged one is named and readings go on raw,
    /// never silently.
    @Test func aDamagedCalibrationFileIsNamedAndReadingsStayRaw() throws {
        let cli = BuiltBinary()
        let directory = cli.configHome + "/gripfit"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try Data("[{\"device\":".utf8).write(to: URL(fileURLWithPath: directory + "/calibrations.json"))
        let monitor = InProcessMonitor.run(["--simulate", "--unit", "kg", "--format", "jsonl", "--duration", "1.5"], in: cli)
        #expect(monitor.status == 0, "\(monitor.stderr)")
        #expect(monitor.stderr.contains("calibrations.json"), "\(monitor.stderr)")
        #expect(monitor.stderr.components(separatedBy: "showing raw counts").count == 2, "\(monitor.stderr)")
        #expect(monitor.stdout.contains("\"raw\":"))
        #expect(!monitor.stdout.contains("\"force\":"))
    }

    @Test func refusesAMassWithoutAUnit() {
        let result = InProcessParse.run(["calibrate", "--simulate", "--mass", "10"])
        #expect(result.status == 64)
    }
}
