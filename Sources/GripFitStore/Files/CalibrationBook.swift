import Foundation
import GripFitRecords

/// The calibrations of every device this user has calibrated, one JSON file under
/// `$XDG_CONFIG_HOME/gripfit`, replaced atomically so a crash never leaves half a file.
public struct CalibrationBook: Sendable {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// All stored calibrations; an absent file is an empty book. A calibration no scale can have
    /// (non-finite, zero or negative counts per kilogram) is refused, never used.
    public func all() throws(StoreError) -> [StoredCalibration] {
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        let book: [StoredCalibration]
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            guard data.count <= 1_048_576 else { throw StoreError.corrupt("\(path) is larger than 1 MiB") }
            book = try JSONDecoder().decode([StoredCalibration].self, from: data)
        } catch let error as StoreError {
            throw error
        } catch {
            throw .unavailable(
                path: path,
                reason: "unreadable calibration file (\(error.localizedDescription)); fix or delete "
                    + "it, then calibrate again"
            )
        }
        let implausible = { (entry: StoredCalibration) in
            !StoredCalibration.isPlausible(
                offset: entry.offset,
                countsPerKilogram: entry.countsPerKilogram,
                massKilograms: entry.massKilograms
            )
        }
        if let bad = book.first(where: implausible) {
            throw .unavailable(
                path: path,
                reason: "the calibration of \(bad.device) is out of range; delete it from the file, then calibrate again"
            )
        }
        return book
    }

    public func calibration(for device: String) throws(StoreError) -> StoredCalibration? {
        try all().last { $0.device == device }
    }

    /// Fails before a calibration is measured if it could not be saved afterwards: the book must
    /// read, and its directory take a new file of the book's size with room to spare.
    public func checkCanSave() throws(StoreError) {
        let book = try all()
        try PrivateFiles.makeDirectory((path as NSString).deletingLastPathComponent)
        try PrivateFiles.checkWritable(path, room: (book.count + 1) * 1024 + 16 * 1024)
    }

    /// Stores `calibration`, replacing the device's previous one; the file is 0600, its directory 0700.
    public func save(_ calibration: StoredCalibration) throws(StoreError) {
        var book = try all().filter { $0.device != calibration.device }
        book.append(calibration)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data: Data
        do {
            data = try encoder.encode(book)
        } catch {
            throw .notExportable("the calibration does not encode (\(error.localizedDescription))")
        }
        try PrivateFiles.makeDirectory((path as NSString).deletingLastPathComponent)
        try PrivateFiles.write(Array(data), to: path)
    }
}
