import GripFitCore
import GripFitLinux
import GripFitStore

/// Sends one command through a session and waits for its reply: the engine behind `tare`,
/// `ping`, `info` and `rate`.
struct OneShot {
    struct Reply {
        var message: Message?
        /// From the moment the command went out to its reply.
        var latency: Duration
        var bridgeVersion: String?
    }

    /// `pins` is the station's book of remembered pins (``ConnectionOptions/connect(pins:)``).
    static func run(_ command: Command, connection options: ConnectionOptions, pins: PinBook, timeout: Double) throws -> Reply {
        let runner = SessionRunner(connection: try options.connect(pins: pins))
        runner.driver.submit(command)
        var reply: Reply?
        var failure: CLIFailure?
        var lastError: LinkErrorKind?
        var sentAt = runner.clock.now()
        let reason = try runner.run(seconds: timeout) { report, now in
            switch report {
            case .state(.connected):
                sentAt = now
            case .state(.error(let kind)):
                lastError = kind
            case .commandFinished(command, .succeeded(let message)):
                reply = Reply(message: message, latency: now - sentAt, bridgeVersion: runner.driver.machine.bridgeVersion)
                return false
            case .commandFinished(command, .failed(let why)):
                failure = CLIFailure(command, failure: why)
                return false
            default:
                break
            }
            return true
        }
        if let reply { return reply }
        if let failure { throw failure }
        if case .signal(let number) = reason { throw CLIFailure.interrupted(by: number, "\(command.line) got no reply.") }
        if let lastError { throw CLIFailure(lastError, portError: runner.driver.lastPortError) }
        throw CLIFailure(
            "No GripFit connected within \(timeout) s, so \(command.line) was not sent. Is it switched on and in range?",
            status: .unavailable
        )
    }
}
