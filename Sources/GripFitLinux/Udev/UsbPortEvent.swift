/// A USB serial port coming or going, as the udev monitor saw it.
public enum UsbPortEvent: Equatable, Sendable {
    case added(UsbSerialPort)
    /// Read from the event's own properties: the parent's sysfs attributes may be gone by now.
    case removed(UsbSerialPort)

    public var port: UsbSerialPort {
        switch self {
        case .added(let port), .removed(let port): port
        }
    }
}
