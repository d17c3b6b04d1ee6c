import ArgumentParser
import GripFitCore
import GripFitLinux
import GripFitSimulator
import Logging

/// Where to find the dongle, shared by every command that talks to one.
public struct ConnectionOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The dongle: a path (/dev/ttyACM0, /dev/serial/by-id/...) or its USB serial number (or a unique "
                + "prefix). Default: the only bridge plugged in.", valueName: "port"),
        completion: PortCompletion.kind)
    public var port: String?

    @Option(
        help: ArgumentHelp(
            "Pin the bridge to this GripFit (its BLE address, as `scan` lists it); remembered for this dongle, "
                + "so later sessions reconnect to the same one. `any` unpins.", valueName: "address|any"))
    public var device: DeviceChoice?

    @Flag(help: "Use the built-in simulated dongle and GripFit instead of hardware.")
    public var simulate = false

    @OptionGroup(title: "Simulator")
    public var simulator: SimulatorArguments

    @Option(help: "Diagnostics on stderr: trace, debug, info, notice, warning, error, critical.")
    public var logLevel: Logger.Level = .warning

    public init() {}

    public func validate() throws {
        if simulate, port != nil {
            throw ValidationError("Use either --port or --simulate, not both.")
        }
        if !simulate, !simulator.load.isEmpty {
            throw ValidationError("--load applies to the simulator only; add --simulate.")
        }
        if !simulate, !simulator.powerCycles.isEmpty {
            throw ValidationError("--power-cycle applies to the simulator only; add --simulate.")
        }
        if !simulate, !simulator.faults.isEmpty {
            throw ValidationError("--fault applies to the simulator only; add --simulate.")
        }
        if !simulate, simulator.gripfits != 1 {
            throw ValidationError("--gripfits applies to the simulator only; add --simulate.")
        }
        if !simulate, !simulator.bugs.isEmpty {
            throw ValidationError("--bug applies to the simulator only; add --simulate.")
        }
    }

    /// Opens the connection: a running simulator when asked for one, else the port `--port`
    /// names (or the only bridge), followed across replugs by its USB serial number.
    public func connect() throws -> Connection {
        let connection = try open()
        connection.pin = try Self.pin(device, dongle: connection.dongleKey)
        return connection
    }

    /// What to ask the bridge: `--device` (remembered, or forgotten with `any`), else the pin
    /// remembered for this dongle, else nothing.
    private static func pin(_ choice: DeviceChoice?, dongle: String) throws -> BLEAddress?? {
        let book = Storage.pins
        switch choice {
        case .address(let address):
            try book.set(address.description, for: dongle)
            return .some(address)
        case .any:
            try book.set(nil, for: dongle)
            return .some(nil)
        case nil:
            return try book.pin(for: dongle).flatMap(BLEAddress.init).map { .some($0) }
        }
    }

    private func open() throws -> Connection {
        Diagnostics.bootstrap(level: logLevel)
        if simulate {
            let dongle = try VirtualDongle(options: simulator.options)
            dongle.start()
            return Connection(path: dongle.path, simulator: dongle)
        }
        let udev: UdevContext
        do {
            udev = try UdevContext()
        } catch {
            // Without libudev a named path still works, just without discovery and hotplug.
            guard let port, port.contains("/") else { throw error }
            Diagnostics.logger(label: "gripfit.udev").warning("\(error)")
            return Connection(path: port, simulator: nil)
        }
        let ports = try UdevEnumerator(context: udev).usbSerialPorts()
        let selection = try PortSelector.select(port, among: ports)
        return Connection(selection: selection, udev: udev)
    }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}
