/// A calibration as a store files it: the scale and zero, with whatever else the store keeps
/// (date, mass). What a ``CalibrationStage`` looks up, so Core needs no store.
public protocol CalibrationRecord: Sendable {
    var calibration: Calibration { get }
}
