import Foundation
import GripFitCore
import GripFitExchange
import GripFitRecords
import GripFitSimulator
import GripFitStore

/// The binary's history and calibrations written through the store library: a test whose subject
/// is a later command needs no launch of `import`, `calibrate` or `record` to set them up (issue 21).
extension BuiltBinary {
    /// The history file the binary opens in this instance's environment.
    var historyPath: String { XDGPaths(environment: environment).databasePath }

    /// Saves the sessions of an export file's text into the binary's history, as `import` does.
    func importDirectly(_ text: String) throws {
        let history = try SQLiteHistory(path: historyPath)
        for session in try SessionExchange.parse(text) { try history.save(session, sameStart: .skip) }
    }

    /// Stores what `calibrate --simulate --mass 10kg` measures (the simulator's own scale), dated now.
    func calibrateLikeTheSimulator() throws {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let calibration = Calibration(
            offset: Double(SimulatorScale.baseline),
            countsPerKilogram: Double(SimulatorScale.countsPerKilogram)
        )
        try CalibrationBook(path: XDGPaths(environment: environment).calibrationPath).save(
            StoredCalibration(
                device: "ble:C0:FF:EE:00:00:01",
                calibration: calibration,
                date: formatter.string(from: Date()),
                massKilograms: 10
            )
        )
    }

    /// Saves what `record --simulate --load <kilograms>kg --duration <seconds>` files, noise aside:
    /// the simulator's GripFit and versions, a reading every 12.5 ms at that load, started now,
    /// calibrated when a calibration of the GripFit is stored.
    func recordLikeTheSimulator(kilograms: Double = 0, seconds: Double, label: String? = nil, hand: Hand? = nil) throws {
        let device = "ble:C0:FF:EE:00:00:01"
        let calibration = try CalibrationBook(path: XDGPaths(environment: environment).calibrationPath).calibration(for: device)
        let counts = (Double(SimulatorScale.baseline) + kilograms * Double(SimulatorScale.countsPerKilogram)).rounded()
        guard (0...3600).contains(seconds), let raw = Int32(exactly: counts) else {
            throw CocoaError(.coderInvalidValue, userInfo: [NSDebugDescriptionErrorKey: "\(kilograms) kg for \(seconds) s"])
        }
        let interval: Int64 = 12_500
        let samples = (0...(Int64((seconds * 1_000_000).rounded()) / interval)).map { RawSample(micros: $0 * interval, raw: raw) }
        let session = StoredSession.analysed(
            device: device,
            startedAtMilliseconds: Int64((Date().timeIntervalSince1970 * 1000).rounded()),
            firmware: "1.0",
            bridgeVersion: "1.0.0-sim",
            label: label,
            hand: hand,
            calibration: calibration,
            trace: RawTrace(samples: samples)
        )
        _ = try SQLiteHistory(path: historyPath).save(session, sameStart: .nextFreeMillisecond)
    }
}
