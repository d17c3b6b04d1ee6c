import GripFitCore

/// Asks a port `BRIDGE:INFO` and whether a GripFit is connected, through a short session.
public struct BridgeProbe {
    public struct Result: Equatable, Sendable {
        /// The bridge's firmware version from `B:BRIDGE`; nil when it did not answer.
        public var bridgeVersion: String?
        public var infoOutcome: CommandOutcome?
        public var connected = false
        public var deviceAddress: BLEAddress?
        public var lastState: LinkState?
        /// Why the port could not be used, when it could not.
        public var portError: PortError?
    }

    public var timeout: Duration
    public var clock: MonotonicClock

    public init(timeout: Duration = .seconds(4), clock: MonotonicClock = MonotonicClock()) {
        self.timeout = timeout
        self.clock = clock
    }

    /// Returns once the bridge has answered and a GripFit is connected, the port failed, or `timeout` passed.
    public func run(path: String) throws(SystemError) -> Result {
        let driver = LinkDriver(portPath: path, clock: clock)
        driver.submit(.bridge(.info))
        var result = Result()
        try driver.run(until: clock.now() + timeout) { report, _ in
            switch report {
            case .commandFinished(.bridge(.info), let outcome):
                result.infoOutcome = outcome
                if case .succeeded(.bridge(.hello(let version))?) = outcome { result.bridgeVersion = version }
            case .state(let state):
                result.lastState = state
                if state == .connected { result.connected = true }
                if case .error(let kind) = state, [.dongleMissing, .permissionDenied, .portBusy].contains(kind) {
                    result.portError = driver.lastPortError
                    return false
                }
            default:
                break
            }
            return !(result.infoOutcome != nil && result.connected)
        }
        result.deviceAddress = driver.machine.deviceAddress
        return result
    }
}
