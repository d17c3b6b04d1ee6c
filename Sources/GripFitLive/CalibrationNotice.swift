import GripFitCore
import GripFitRecords

/// What the commands that go on without a calibration (`monitor`, its live view, the dashboard)
/// say when the device is decided: whose key it is, then why forces are raw counts and how to
/// calibrate.
public enum CalibrationNotice {
    public static func lines(_ decided: LiveCalibration.Decided) -> [String] {
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
