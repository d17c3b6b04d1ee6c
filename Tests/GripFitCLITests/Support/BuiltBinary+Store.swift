import Foundation
import GripFitCore
import GripFitSimulator
import GripFitStore

/// The binary's history and calibrations written through the store library: a test whose subject
/// is a later command needs no launch of `import` or `calibrate` to set them up (issue 21).
extension BuiltBinary {
    /// The history file the binary opens in this instance's environment.
    var historyPath: String { XDGPaths(environment: environment).databasePath }

    /// Saves the sessions of an export file's text into the binary's history, as `import` does.
    func importDirectly(_ text: String) throws {
        let history = try SQLiteHistory(path: historyPath)
        for session in try SessionExchange.parse(text) { try history.save(session) }
    }

    /// Stores what `calibrate --simulate --mass 10kg` measures (the simulator's own scale), dated now.
    func calibrateLikeTheSimulator() throws {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let calibration = Calibration(
            offset: Double(SimulatorScale.baseline), countsPerKilogram: Double(SimulatorScale.countsPerKilogram))
        try CalibrationBook(path: XDGPaths(environment: environment).calibrationPath).save(
            StoredCalibration(device: "ble:C0:FF:EE:00:00:01", calibration: calibration, date: formatter.string(from: Date()), massKilograms: 10))
    }
}
