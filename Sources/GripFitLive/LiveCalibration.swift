import GripFitCore
import GripFitRecords

/// The session's ``CalibrationStage`` over the calibration file's entries, as every consumer here uses it.
public typealias LiveCalibration = CalibrationStage<StoredCalibration>
