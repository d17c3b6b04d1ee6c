import Foundation
import GripFitCore

/// The identity calibrations and sessions are filed under: the GripFit's BLE address when the
/// bridge reported it, else the bridge's USB serial number, else the port path.
enum DeviceKey {
    static func key(address: BLEAddress?, portPath: String) -> String {
        if let address { return "ble:\(address)" }
        if let serial = usbSerial(portPath: portPath) { return "usb:\(serial)" }
        return "port:\(portPath)"
    }

    /// `/sys/class/tty/ttyACM0/device/../serial`, the serial number of the USB device behind the port.
    static func usbSerial(portPath: String) -> String? {
        let resolved = URL(fileURLWithPath: portPath).resolvingSymlinksInPath().lastPathComponent
        let path = "/sys/class/tty/\(resolved)/device/../serial"
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        let data = (try? handle.read(upToCount: 128)) ?? Data()
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else {
            return nil
        }
        return text
    }
}
