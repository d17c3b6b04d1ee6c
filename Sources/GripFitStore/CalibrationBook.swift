import Foundation

/// The calibrations of every device this user has calibrated, one JSON file under
/// `$XDG_CONFIG_HOME/gripfit`, replaced atomically so a crash never leaves half a file.
public struct CalibrationBook: Sendable {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// All stored calibrations; an absent file is an empty book.
    public func all() throws(StoreError) -> [StoredCalibration] {
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            guard data.count <= 1_048_576 else { throw StoreError.corrupt("\(path) is larger than 1 MiB") }
            return try JSONDecoder().decode([StoredCalibration].self, from: data)
        } catch let error as StoreError {
            throw error
        } catch {
            throw .unavailable(path: path, reason: "unreadable calibration file (\(error)); fix or delete it, then calibrate again")
        }
    }

    public func calibration(for device: String) throws(StoreError) -> StoredCalibration? {
        try all().last { $0.device == device }
    }

    /// Stores `calibration`, replacing the device's previous one.
    public func save(_ calibration: StoredCalibration) throws(StoreError) {
        var book = try all().filter { $0.device != calibration.device }
        book.append(calibration)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        do {
            let directory = (path as NSString).deletingLastPathComponent
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try encoder.encode(book).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw .unavailable(path: path, reason: "cannot write the calibration (\(error.localizedDescription))")
        }
    }
}
