import GripFitCore
import GripFitStore

extension Connection {
    /// The key for a GripFit the bridge does not name (see ``DeviceKey``): the bridge's USB serial
    /// number (from udev), else the port path.
    var deviceFallbackKey: String {
        if let serial = selection?.serial.flatMap({ CleanText.clean($0) }) { return "usb:\(serial)" }
        return "port:\(path)"
    }
}
