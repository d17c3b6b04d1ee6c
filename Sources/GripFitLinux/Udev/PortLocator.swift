/// Finds where a followed dongle is now, for ``LinkDriver/init(open:timings:clock:logger:)``: the
/// devnode of the port with the same USB serial number, which may have changed across a replug.
public struct PortLocator {
    public let selection: PortSelection
    private let context: UdevContext

    public init(selection: PortSelection, context: UdevContext) {
        self.selection = selection
        self.context = context
    }

    /// Opens the dongle where it is now.
    public func open() throws(PortError) -> any PortTransport {
        try SerialPort.open(path: locate())
    }

    public func locate() throws(PortError) -> String {
        guard case .usb(let followed) = selection, followed.serial != nil else { return selection.path }
        let ports: [UsbSerialPort]
        do {
            ports = try UdevEnumerator(context: context).usbSerialPorts()
        } catch {
            switch error {
            case .unavailable(let code), .call(_, let code):
                throw .system(path: followed.devnode, call: "udev_enumerate_scan_devices", errno: code)
            }
        }
        guard let port = ports.first(where: { UdevMonitor.isSameDongle($0, followed) }) else {
            throw .notFound(path: followed.stablePath)
        }
        return port.devnode
    }
}
