import GripFitCore
import GripFitStore

/// How readings are shown: in the chosen unit when the device has a calibration, else as raw
/// counts, labelled so nobody mistakes them for kilograms. Live readings go through a
/// ``ZeroTracker``, so a tare or power cycle moves the zero and never the scale.
struct ForceDisplay {
    var calibration: StoredCalibration? {
        didSet { zero = calibration.map { ZeroTracker(calibration: $0.calibration) } }
    }
    var unit: ForceUnit
    private(set) var zero: ZeroTracker?

    init(calibration: StoredCalibration?, unit: ForceUnit) {
        self.calibration = calibration
        self.unit = unit
        zero = calibration.map { ZeroTracker(calibration: $0.calibration) }
    }

    var isCalibrated: Bool { calibration != nil }

    /// The unit name for headers and JSON: `kg`, `lb`, `N`, or `raw`.
    var unitName: String { calibration == nil ? "raw" : unit.rawValue }

    /// Follows tares and reconnects; call with every session report, before showing a reading.
    mutating func observe(_ report: SessionReport) {
        zero?.observe(report)
    }

    /// The calibration as it applies to the readings now: the stored scale with the tracked zero.
    var currentCalibration: StoredCalibration? {
        guard var stored = calibration, let current = zero?.current else { return nil }
        stored.offset = current.offset
        return stored
    }

    func value(raw: Int32) -> Double? {
        zero?.value(raw: raw, in: unit)
    }

    func text(raw: Int32) -> String {
        guard let value = value(raw: raw) else { return "\(raw) raw" }
        return "\(value.formatted(decimals: unit == .newtons ? 1 : 2)) \(unit.rawValue)"
    }

    /// A stored value (kilograms when calibrated, counts otherwise) in the display unit.
    func convert(stored value: Double, calibrated: Bool) -> Double {
        calibrated ? unit.fromKilograms(value) : value
    }

    func text(stored value: Double, calibrated: Bool) -> String {
        calibrated
            ? "\(unit.fromKilograms(value).formatted(decimals: unit == .newtons ? 1 : 2)) \(unit.rawValue)"
            : "\(value.formatted(decimals: 0)) raw"
    }

    static let uncalibratedNotice =
        "no calibration for this device: showing raw counts. Run `gripfit-serial calibrate --mass 10kg` to see kg, lb or N."
}
