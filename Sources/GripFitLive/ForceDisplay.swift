import GripFitCore
import GripFitRecords

/// How forces are shown: in the chosen unit when the device has a calibration, else as raw
/// counts, labelled so nobody mistakes them for kilograms. Formatting only: the kilograms of a
/// live reading come from the session's one ``CalibrationStage``, which follows the zero.
public struct ForceDisplay: Sendable {
    public var calibration: StoredCalibration?
    public var unit: ForceUnit

    public init(calibration: StoredCalibration?, unit: ForceUnit) {
        self.calibration = calibration
        self.unit = unit
    }

    public var isCalibrated: Bool { calibration != nil }

    /// The unit name for headers and JSON: `kg`, `lb`, `N`, or `raw`.
    public var unitName: String { calibration == nil ? "raw" : unit.rawValue }

    /// Decimals a force is shown with in ``unit``.
    public var decimals: Int { unit == .newtons ? 1 : 2 }

    /// A reading in the display unit: its kilograms when known, else its raw counts.
    public func value(kilograms: Double?, raw: Int32) -> Double {
        kilograms.map(unit.fromKilograms) ?? Double(raw)
    }

    public func text(kilograms: Double?, raw: Int32) -> String {
        guard let kilograms else { return "\(raw) raw" }
        return "\(unit.fromKilograms(kilograms).formatted(decimals: decimals)) \(unit.rawValue)"
    }

    /// A stored value (kilograms when calibrated, counts otherwise) in the display unit.
    public func convert(stored value: Double, calibrated: Bool) -> Double {
        calibrated ? unit.fromKilograms(value) : value
    }

    public func text(stored value: Double, calibrated: Bool) -> String {
        calibrated
            ? "\(unit.fromKilograms(value).formatted(decimals: decimals)) \(unit.rawValue)"
            : "\(value.formatted(decimals: 0)) raw"
    }

    public static let uncalibratedNotice =
        "no calibration for this device: showing raw counts. Run `gripfit-serial calibrate --mass 10kg` to see kg, lb or N."
}
