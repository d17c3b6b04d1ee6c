import GripFitCore
import GripFitStore

/// The calibration filed under a device key, for the commands that show force and go on without
/// one (`monitor`, its live view, the dashboard): raw counts with a notice saying why and how to
/// calibrate. `record` stops instead when the file cannot be read: a session filed with the wrong
/// numbers is worse than none.
enum CalibrationLookup {
    static func display(for device: String, unit: ForceUnit, notice: (String) -> Void) -> ForceDisplay {
        let display: ForceDisplay
        do {
            display = ForceDisplay(calibration: try Storage.calibrations.calibration(for: device), unit: unit)
        } catch {
            notice("gripfit-serial: \(error); showing raw counts")
            return ForceDisplay(calibration: nil, unit: unit)
        }
        if !display.isCalibrated { notice("gripfit-serial: \(device): \(ForceDisplay.uncalibratedNotice)") }
        return display
    }
}
