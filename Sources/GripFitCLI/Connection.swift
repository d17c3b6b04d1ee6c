import GripFitCore
import GripFitLinux
import GripFitSimulator

/// A port to talk to, and the simulator behind it when there is one (stopped on close).
public final class Connection {
    public let path: String
    public let simulator: VirtualDongle?

    init(path: String, simulator: VirtualDongle?) {
        self.path = path
        self.simulator = simulator
    }

    deinit {
        simulator?.stop()
    }

    public func makeDriver(timings: SessionTimings = SessionTimings()) -> SessionDriver {
        SessionDriver(portPath: path, timings: timings, logger: Diagnostics.logger(label: "gripfit.session"))
    }
}
