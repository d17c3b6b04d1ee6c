import ArgumentParser
import GripFitCore
import GripFitLinux
import GripFitSimulator
import GripFitStore
import Logging

/// Where to find the dongle, shared by every command that talks to one.
struct ConnectionOptions: ParsableArguments {
    @Option(
        name: .customLong("port"),
        help: ArgumentHelp(
            "The dongle: a path (/dev/ttyACM0, /dev/serial/by-id/...), its USB serial number (or a unique "
                + "prefix), or a network port exported by ser2net or labgrid: rfc2217://HOST:PORT or "
                + "tcp://HOST:PORT (pyserial's socket://HOST:PORT too). Default: the only bridge plugged in. "
                + "`check` and `monitor` take several.",
            valueName: "port"
        ),
        completion: PortCompletion.kind
    )
    var ports: [String] = []

    @Option(
        help: ArgumentHelp(
            "Pin the bridge to this GripFit (its BLE address, as `scan` lists it); remembered for this dongle, "
                + "so later sessions reconnect to the same one. `any` unpins.",
            valueName: "address|any"
        )
    )
    var device: DeviceChoice?

    @Flag(help: "Use the built-in simulated dongle and GripFit instead of hardware.")
    var simulate = false

    @OptionGroup(title: "Simulator")
    var simulator: SimulatorArguments

    @Option(help: "Diagnostics on stderr: trace, debug, info, notice, warning, error, critical.")
    var logLevel: Logger.Level = .warning

    init() {}

    /// The one `--port`, for commands that talk to one dongle.
    var port: String? { ports.first }

    func validate() throws {
        if simulate, !ports.isEmpty {
            throw ValidationError("Use either --port or --simulate, not both.")
        }
        if !simulate, !simulator.load.isEmpty {
            throw ValidationError("--load applies to the simulator only; add --simulate.")
        }
        if !simulate, !simulator.person.isEmpty {
            throw ValidationError("--person applies to the simulator only; add --simulate.")
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
        if !simulate, simulator.speed != 1 {
            throw ValidationError("--speed applies to the simulator only; add --simulate.")
        }
        if !simulate, !simulator.bugs.isEmpty {
            throw ValidationError("--bug applies to the simulator only; add --simulate.")
        }
        for port in ports {
            if let problem = PortSource.problem(with: port) { throw ValidationError(problem) }
        }
        if Set(ports).count != ports.count { throw ValidationError("The same --port is given twice; name each dongle once.") }
    }

    /// Opens the one connection a single-dongle command uses: a running simulator when asked for
    /// one, else the port `--port` names (or the only bridge), followed across replugs by its USB
    /// serial number, or a network port. `pins` is the station's book of remembered pins.
    func connect(pins: PinBook) throws -> Connection {
        guard ports.count <= 1 else {
            throw CLIFailure("This command talks to one dongle; give --port once (only check and monitor take several).", status: .usage)
        }
        let connection = try open()
        connection.pin = try Self.pin(device, dongle: connection.dongleKey, in: pins)
        return connection
    }

    /// What to ask the bridge: `--device` (remembered, or forgotten with `any`), else the pin
    /// remembered for this dongle, else nothing.
    private static func pin(_ choice: DeviceChoice?, dongle: String, in book: PinBook) throws -> BLEAddress?? {
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
            return Connection(source: .simulator(dongle))
        }
        return Connection(source: try PortSource.choose(port))
    }

    /// The connections `check` and `monitor` use: every `--port`, or with `allBridges` every
    /// bridge plugged in, or the one `connect(pins:)` would choose.
    func connectAll(allBridges: Bool, pins: PinBook) throws -> [Connection] {
        Diagnostics.bootstrap(level: logLevel)
        if simulate || (ports.count <= 1 && !allBridges) { return [try connect(pins: pins)] }
        if device != nil { throw CLIFailure("--device pins one dongle to one GripFit; give --port once.", status: .usage) }
        var connections = try ports.map { Connection(source: try PortSource.choose($0)) }
        if allBridges {
            let udev = try UdevContext()
            let known = Set(connections.map(\.path))
            let bridges = try UdevEnumerator(context: udev).usbSerialPorts().filter(\.isBridge)
            if bridges.isEmpty, connections.isEmpty { throw PortSelectionError.noBridge(otherPorts: []) }
            for bridge in bridges where !known.contains(bridge.devnode) {
                connections.append(Connection(source: .usb(.usb(bridge), udev)))
            }
        }
        for connection in connections { connection.pin = try Self.pin(nil, dongle: connection.dongleKey, in: pins) }
        return connections
    }
}
