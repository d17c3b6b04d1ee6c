import GripFitStore
import GripFitCore

/// The identity calibrations and sessions are filed under: the GripFit's BLE address when the
/// bridge reported it, else the bridge's USB serial number (from udev), else the port path.
enum DeviceKey {
    static func key(address: BLEAddress?, connection: Connection) -> String {
        if let address { return "ble:\(address)" }
        if let serial = connection.selection?.serial.flatMap({ CleanText.clean($0) }) { return "usb:\(serial)" }
        return "port:\(connection.path)"
    }
}
