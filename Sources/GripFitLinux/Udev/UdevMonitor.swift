import CUdev
import Glibc
import GripFitCore
import Logging

/// Hotplug for the session's poll loop: follows one dongle by its USB serial number, so it is
/// found again after a replug even under another ttyACM number.
///
/// Listens to udev (not the kernel) so the events carry the properties our rule set and the
/// permissions are in place by the time `.portAppeared` makes the driver reopen.
public final class UdevMonitor: LinkEventSource {
    public let fileDescriptor: Int32
    /// The dongle to follow; nil reports nothing to the session (events still come from ``receive()``).
    public var following: UsbSerialPort?
    /// Told when the followed dongle leaves or comes back, for a message to the user.
    public var onChange: ((UsbPortEvent) -> Void)?
    private let context: UdevContext
    private let monitor: OpaquePointer
    private let logger: Logger

    /// The corresponding C functions are `udev_monitor_new_from_netlink` and `udev_monitor_enable_receiving`.
    public init(
        context: UdevContext,
        following: UsbSerialPort? = nil,
        logger: Logger = Logger(label: "gripfit.udev")
    ) throws(UdevError) {
        guard let monitor = udev_monitor_new_from_netlink(context.handle, "udev") else {
            throw .call("udev_monitor_new_from_netlink", errno: errno)
        }
        var result = udev_monitor_filter_add_match_subsystem_devtype(monitor, "tty", nil)
        if result >= 0 { result = udev_monitor_enable_receiving(monitor) }
        if result < 0 {
            udev_monitor_unref(monitor)
            throw .call("udev_monitor_enable_receiving", errno: -result)
        }
        let fd = udev_monitor_get_fd(monitor)
        if fd < 0 {
            udev_monitor_unref(monitor)
            throw .call("udev_monitor_get_fd", errno: -fd)
        }
        self.context = context
        self.monitor = monitor
        self.fileDescriptor = fd
        self.following = following
        self.logger = logger
    }

    deinit {
        udev_monitor_unref(monitor)
    }

    /// Drains the pending events without blocking (libudev's socket is non-blocking).
    public func receive() -> [UsbPortEvent] {
        var events: [UsbPortEvent] = []
        while let device = udev_monitor_receive_device(monitor) {
            defer { udev_device_unref(device) }
            guard let action = udev_device_get_action(device).map({ String(cString: $0) }),
                let port = UsbSerialPort(udevDevice: device)
            else { continue }
            switch action {
            case "add": events.append(.added(port))
            case "remove": events.append(.removed(port))
            default: continue
            }
        }
        return events
    }

    public func readInputs() -> [LinkInput] {
        var inputs: [LinkInput] = []
        for event in receive() {
            guard let following, Self.isSameDongle(event.port, following) else { continue }
            onChange?(event)
            switch event {
            case .added(let port):
                logger.info("dongle back", metadata: ["devnode": "\(port.devnode)", "serial": "\(port.serial ?? "-")"])
                self.following = port
                inputs.append(.portAppeared)
            case .removed(let port):
                logger.info("dongle removed", metadata: ["devnode": "\(port.devnode)"])
                inputs.append(.portFailed(.removed))
            }
        }
        return inputs
    }

    /// Same USB serial number; without one (some clones), the same devnode is the best there is.
    public static func isSameDongle(_ port: UsbSerialPort, _ followed: UsbSerialPort) -> Bool {
        if let serial = followed.serial { return port.serial == serial }
        return port.devnode == followed.devnode
    }
}
