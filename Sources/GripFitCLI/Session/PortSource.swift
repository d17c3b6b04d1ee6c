import GripFitCore
import GripFitLinux
import GripFitNetworkPort
import GripFitRecords
import GripFitSimulator
import GripFitStore

/// Where a session's bytes come from, as `--port` or `--simulate` chose it. Whatever differs
/// between transports is decided here and nowhere else: how the argument is read, how the port
/// is opened (again after each loss), what reports its comings and goings, what the dongle is
/// filed under and what names it in reports. A new transport is its ``PortTransport`` type and
/// a case here.
enum PortSource {
    /// The built-in simulator on its pty.
    case simulator(VirtualDongle)
    /// A port udev knows, followed across replugs by its USB serial number when it has one.
    case usb(PortSelection, UdevContext)
    /// A tty opened as given: libudev is missing.
    case path(String)
    /// A dongle exported by ser2net or labgrid.
    case network(NetworkPortAddress)

    /// The source one `--port` names (nil: the only bridge plugged in). A URL is chosen by its
    /// scheme first, so `rfc2217://host:port` is never opened as a path.
    static func choose(_ port: String?) throws -> PortSource {
        if let port, isRemote(port) { return .network(try NetworkPortAddress(parsing: port)) }
        let udev: UdevContext
        do {
            udev = try UdevContext()
        } catch {
            // Without libudev a named path still works, just without discovery and hotplug.
            guard let port, port.contains("/") else { throw error }
            Diagnostics.logger(label: "gripfit.udev").warning("\(error)")
            return .path(port)
        }
        let ports = try UdevEnumerator(context: udev).usbSerialPorts()
        return .usb(try PortSelector.select(port, among: ports), udev)
    }

    /// What is wrong with `argument` as a `--port`, found before anything is opened; nil if nothing.
    static func problem(with argument: String) -> String? {
        guard isRemote(argument) else { return nil }
        do {
            _ = try NetworkPortAddress(parsing: argument)
            return nil
        } catch {
            return error.description
        }
    }

    /// Whether `argument` names a port on another machine (a URL), never a local path.
    static func isRemote(_ argument: String) -> Bool {
        NetworkPortAddress.isNetwork(argument)
    }

    /// The port is on another machine: no udev event says that it went, so the session says it,
    /// in the server's or the socket's words; it is named by its address; doctor cannot check it.
    var isRemote: Bool {
        if case .network = self { return true }
        return false
    }

    /// The name the user gave, or the device path it resolved to, for messages.
    var path: String {
        switch self {
        case .simulator(let dongle): dongle.path
        case .usb(let selection, _): selection.path
        case .path(let path): path
        case .network(let address): address.description
        }
    }

    var simulator: VirtualDongle? {
        if case .simulator(let dongle) = self { return dongle }
        return nil
    }

    /// The dongle as `--port` chose it; nil for the simulator, paths opened without udev and network ports.
    var selection: PortSelection? {
        if case .usb(let selection, _) = self { return selection }
        return nil
    }

    /// The dongle, as its remembered pin is filed: the simulator by that name, else ``portKey``.
    var dongleKey: String {
        if case .simulator = self { return "simulator" }
        return portKey
    }

    /// The port, as calibrations and sessions are filed when no GripFit address is known: its USB
    /// serial number, else its path.
    var portKey: String {
        if let serial = selection?.serial.flatMap({ CleanText.clean($0) }) { return "usb:\(serial)" }
        return "port:\(path)"
    }

    /// What names the device in reports (not escaped), stable from run to run so CI can follow
    /// a suite: its USB serial number when udev knows it, `simulated` for the built-in
    /// simulator, the network address it was checked through; a local path without a serial
    /// number (a pty, whose /dev/pts/N changes every time) by the GripFit's BLE `address` once
    /// the bridge reported it. Before that the path stands in.
    func deviceName(address: String?) -> String {
        switch self {
        case .simulator: "simulated"
        case .usb(let selection, _): selection.serial ?? address ?? path
        case .path: address ?? path
        case .network: path
        }
    }

    /// Opens the port where it is now: called at every open of a session, so a replugged dongle
    /// is found under its new name and a lost network link is connected again.
    func open() throws(PortError) -> any PortTransport {
        switch self {
        case .simulator(let dongle): try SerialPort.open(path: dongle.path)
        case .usb(let selection, let udev): try PortLocator(selection: selection, context: udev).open()
        case .path(let path): try SerialPort.open(path: path)
        case .network(let address): try TCPPort.open(address)
        }
    }

    /// What tells the session that the port went or came back: udev, for a USB dongle with a
    /// serial number to follow. Without it (or without a monitor) the session retries with backoff.
    func hotplug() -> LinkEventSource? {
        guard case .usb(let selection, let udev) = self, case .usb(let port) = selection, port.serial != nil else {
            return nil
        }
        let logger = Diagnostics.logger(label: "gripfit.udev")
        do {
            let monitor = try UdevMonitor(context: udev, following: port, logger: logger)
            monitor.onChange = { event in
                switch event {
                case .removed(let port):
                    StandardOutput.error(
                        "gripfit-serial: dongle removed (\(port.devnode)); keeping the session, waiting for it to come back"
                    )
                case .added(let port):
                    StandardOutput.error("gripfit-serial: dongle back as \(port.devnode)")
                }
            }
            return monitor
        } catch {
            logger.warning("no hotplug: \(error); the session retries the port with backoff instead")
            return nil
        }
    }
}
