import ArgumentParser
import GripFitLinux
import GripFitSimulator
import Logging

/// Where to find the dongle, shared by every command that talks to one.
public struct ConnectionOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The dongle's serial port.", valueName: "path"))
    public var port: String?

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
        if port == nil, !simulate {
            throw ValidationError("Say which dongle to use: --port /dev/ttyACM0, or --simulate to try without hardware.")
        }
        if !simulate, !simulator.faults.isEmpty {
            throw ValidationError("--fault applies to the simulator only; add --simulate.")
        }
    }

    /// Opens the connection: a running simulator when asked for one, else the given port.
    public func connect() throws -> Connection {
        Diagnostics.bootstrap(level: logLevel)
        if simulate {
            let dongle = try VirtualDongle(options: simulator.options)
            dongle.start()
            return Connection(path: dongle.path, simulator: dongle)
        }
        return Connection(path: port ?? "", simulator: nil)
    }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}
