import Dispatch
import GripFitDashboard
import Hummingbird
import Logging
import ServiceLifecycle
import Synchronization

/// The dashboard's server, run as a task on Hummingbird's event loops while the calling thread
/// keeps the session's poll loop. ``run(_:listen:)`` returns once the socket is bound, so a busy
/// port fails at once instead of after the session has started; ``stop()`` shuts it down gracefully.
final class ServerTask: Sendable {
    private enum Outcome {
        case running(port: Int)
        case failed(any Error)
        case stopped
    }

    private let outcome = Mutex<Outcome?>(nil)
    private let settled = DispatchSemaphore(value: 0)
    private let ended = DispatchSemaphore(value: 0)
    private let group = Mutex<ServiceGroup?>(nil)

    /// For the application's `onServerRunning`: the port actually bound.
    func running(port: Int) {
        settle(.running(port: port))
    }

    /// Starts the server; the port it listens on, or a failure naming the address and the fix.
    func run(_ application: some ApplicationProtocol, listen: ListenAddress, logger: Logger) throws(CLIFailure) -> Int {
        // No signal handling here: the session's signal pipe owns SIGINT and SIGTERM.
        let services = ServiceGroup(configuration: .init(services: [application], gracefulShutdownSignals: [], logger: logger))
        group.withLock { $0 = services }
        Task {
            do {
                try await services.run()
                settle(.stopped)
            } catch {
                settle(.failed(error))
            }
            ended.signal()
        }
        settled.wait()
        switch outcome.withLock({ $0 }) ?? .stopped {
        case .running(let port):
            return port
        case .stopped:
            throw CLIFailure("The dashboard's server on \(listen) stopped as it started; try again.", status: .temporaryFailure)
        case .failed(let error):
            let failure = ListenFailure(error, listen: listen)
            let status: ExitStatus =
                switch failure.kind {
                case .inUse: .temporaryFailure
                case .notHere: .usage
                case .permission: .noPermission
                case .other: .unavailable
                }
            throw CLIFailure("Cannot serve the dashboard: \(failure.message)", status: status)
        }
    }

    /// Stops accepting, lets open requests finish (event streams must be finished first), and
    /// waits a bounded time for the sockets to close.
    func stop() {
        guard let services = group.withLock({ $0 }) else { return }
        Task { await services.triggerGracefulShutdown() }
        _ = ended.wait(timeout: .now() + .seconds(3))
    }

    private func settle(_ result: Outcome) {
        let first = outcome.withLock { outcome in
            guard case .none = outcome else { return false }
            outcome = result
            return true
        }
        if first { settled.signal() }
    }
}
