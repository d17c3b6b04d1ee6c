import GripFitStore

/// The history and calibrations at their XDG locations, opened the same way by every command.
enum Storage {
    static let paths = XDGPaths()

    static func history() throws -> SessionStore {
        try SessionStore(path: paths.databasePath)
    }

    static var calibrations: CalibrationBook { CalibrationBook(path: paths.calibrationPath) }

    static var pins: PinBook { PinBook(path: paths.pinPath) }
}
