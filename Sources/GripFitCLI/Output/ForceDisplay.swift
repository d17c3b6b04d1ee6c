import GripFitCore
import GripFitStore

/// How forces are shown: in the chosen unit when the device has a calibration, else as raw
/// counts, labelled so nobody mistakes them for kilograms. Formatting only: the kilograms of a
/// live reading come from the session's one ``CalibrationStage``, which follows the zero.
struct ForceDisplay {
    var calibration: StoredCalibration?
    var unit: ForceUnit

    init(calibration: StoredCalibration?, unit: ForceUnit) {
        self.calibration = calibration
        self.unit = unit
    }

    var isCalibrated: Bool { calibration != nil }

    /// The unit name for headers and JSON: `kg`, `lb`, `N`, or `raw`.
    var unitName: String { calibration == nil ? "raw" : unit.rawValue }

    /// Decimals a force is shown with in ``unit``.
    var decimals: Int { unit == .newtons ? 1 : 2 }

    /// A reading in the display unit: its kilograms when known, else its raw counts.
    func value(kilograms: Double?, raw: Int32) -> Double {
        kilograms.map(unit.fromKilograms) ?? Double(raw)
    }

    func text(kilograms: Double?, raw: Int32) -> String {
        guard let kilograms else { return "\(raw) raw" }
        return "\(unit.fromKilograms(kilograms).formatted(decimals: decimals)) \(unit.rawValue)"
    }

    /// A stored value (kilograms when calibrated, counts otherwise) in the display unit.
    func convert(stored value: Double, calibrated: Bool) -> Double {
        calibrated ? unit.fromKilograms(value) : value
    }

    func text(stored value: Double, calibrated: Bool) -> String {
        calibrated
            ? "\(unit.fromKilograms(value).formatted(decimals: decimals)) \(unit.rawValue)"
            : "\(value.formatted(decimals: 0)) raw"
    }

    static let uncalibratedNotice =
        "no calibration for this device: showing raw counts. Run `gripfit-serial calibrate --mass 10kg` to see kg, lb or N."
}
