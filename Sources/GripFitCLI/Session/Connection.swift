import GripFitCore
import GripFitLinux
import GripFitNetworkPort
import GripFitSimulator
import GripFitStore

/// A port to talk to, and the simulator behind it when there is one (stopped on close), the
/// USB dongle it follows across replugs, or the network port (ser2net, labgrid) it connects to.
public final class Connection {
    public let path: String
    public let simulator: VirtualDongle?
    /// The dongle as `--port` chose it; nil for the simulator and for paths opened without udev.
    public let selection: PortSelection?
    /// Set for `rfc2217://` and `tcp://` ports.
    public let network: NetworkPortAddress?
    private let udev: UdevContext?
    /// Sent to the bridge as `BRIDGE:PIN` when the port opens: an address, or nil to unpin; nil: nothing.
    public var pin: BLEAddress??

    /// The dongle, as its remembered pin is filed: its USB serial number, else its path.
    public var dongleKey: String {
        if simulator != nil { return "simulator" }
        if let serial = selection?.serial.flatMap({ CleanText.clean($0) }) { return "usb:\(serial)" }
        return "port:\(path)"
    }

    init(path: String, simulator: VirtualDongle?) {
        self.path = path
        self.simulator = simulator
        self.selection = nil
        self.network = nil
        self.udev = nil
    }

    init(network: NetworkPortAddress) {
        self.path = network.description
        self.simulator = nil
        self.selection = nil
        self.network = network
        self.udev = nil
    }

    init(selection: PortSelection, udev: UdevContext) {
        self.path = selection.path
        self.simulator = nil
        self.selection = selection
        self.network = nil
        self.udev = udev
    }

    deinit {
        simulator?.stop()
    }

    /// A driver for this port. A USB dongle is reopened wherever its serial number is now, as soon
    /// as udev reports it back; without a udev monitor the session still retries with backoff.
    public func makeDriver(timings: SessionTimings = SessionTimings()) -> SessionDriver {
        let driver = SessionDriver(portPath: path, timings: timings, logger: Diagnostics.logger(label: "gripfit.session"))
        if let pin { driver.submit(.bridge(.pin(pin))) }
        if let network {
            // A lost connection is retried with the session's backoff, like an unplugged dongle.
            driver.openPort = { _ throws(SerialPortError) in try TCPPort.open(network) }
            return driver
        }
        guard let udev, let selection, case .usb(let port) = selection, port.serial != nil else { return driver }
        driver.locatePort = PortLocator(selection: selection, context: udev).locate
        let logger = Diagnostics.logger(label: "gripfit.udev")
        do {
            let monitor = try UdevMonitor(context: udev, following: port, logger: logger)
            monitor.onChange = { event in
                switch event {
                case .removed(let port):
                    StandardOutput.error(
                        "gripfit-serial: dongle removed (\(port.devnode)); keeping the session, waiting for it to come back")
                case .added(let port):
                    StandardOutput.error("gripfit-serial: dongle back as \(port.devnode)")
                }
            }
            driver.eventSources = [monitor]
        } catch {
            logger.warning("no hotplug: \(error); the session retries the port with backoff instead")
        }
        return driver
    }
}
