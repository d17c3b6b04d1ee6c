import GripFitCore
import GripFitLive
import GripFitRecords
import GripFitStore

/// The session commands' ``CalibrationStage``: filed under the connection's keys, with the
/// calibrations from the station's book. `monitor` and the dashboard go on with raw counts when the
/// file cannot be read (``CalibrationNotice``); `record` stops instead: a session filed with the
/// wrong numbers is worse than none.
enum CalibrationLookup {
    typealias Stage = LiveCalibration

    /// `followsChanges`: decide again when the bridge moves to another GripFit (the dashboard).
    static func stage(for connection: Connection, calibrations: CalibrationBook, followsChanges: Bool = false) -> Stage {
        Stage(fallbackKey: connection.source.portKey, followsChanges: followsChanges) { device in
            try calibrations.calibration(for: device)
        }
    }
}
