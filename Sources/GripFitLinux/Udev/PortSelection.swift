/// The port a command will use, as `--port` (or its absence) chose it.
public enum PortSelection: Equatable, Sendable {
    /// A USB port udev knows: the session follows its serial number across replugs.
    case usb(UsbSerialPort)
    /// A path udev does not know (the simulator's pty, a tty on another bus): opened as given.
    case path(String)

    public var path: String {
        switch self {
        case .usb(let port): port.devnode
        case .path(let path): path
        }
    }

    /// The USB serial number to follow, when there is one.
    public var serial: String? {
        if case .usb(let port) = self { return port.serial }
        return nil
    }
}
