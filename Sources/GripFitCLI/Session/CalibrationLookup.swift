import GripFitCore
import GripFitStore

/// The session commands' ``CalibrationStage``: filed under the connection's keys, with the
/// calibrations from the user's book; and the notices the commands that go on without a
/// calibration (`monitor`, its live view, the dashboard) show: raw counts, saying why and how to
/// calibrate. `record` stops instead when the file cannot be read: a session filed with the
/// wrong numbers is worse than none.
enum CalibrationLookup {
    typealias Stage = LiveCalibration

    /// `followsChanges`: decide again when the bridge moves to another GripFit (the dashboard).
    static func stage(for connection: Connection, followsChanges: Bool = false) -> Stage {
        Stage(fallbackKey: connection.deviceFallbackKey, followsChanges: followsChanges) { device in
            try Storage.calibrations.calibration(for: device)
        }
    }

    /// The lines to show when `decided` came: whose key it is, then why forces are raw.
    static func notices(_ decided: Stage.Decided) -> [String] {
        var lines = decided.notice.map { ["gripfit-serial: \($0)"] } ?? []
        switch decided.lookup {
        case .failure(let error):
            lines.append("gripfit-serial: \(error); showing raw counts")
        case .success(.none):
            lines.append("gripfit-serial: \(decided.key): \(ForceDisplay.uncalibratedNotice)")
        case .success:
            break
        }
        return lines
    }
}
