import GripFitCore

/// What a ``CalibrationStage`` looks up: the calibration file's entries.
extension StoredCalibration: CalibrationRecord {}
