import Foundation
import Glibc
import GripFitLinux

/// Several sessions at once in one process (`check` and `monitor` with several dongles): one
/// thread per dongle, each running its own session and poll loop as a single command does, so
/// one dongle's silence or slow replies never shift another's deadlines. The main thread holds
/// the process's signal pipe and forwards each signal to every session's relay, then waits for
/// all of them to close their ports.
///
/// Measured on the 2-core CI machine: four simulated dongles checked at once take the wall time
/// of one (about 5.5 s with --duration 1), at well under 1 % CPU each; the threads sleep in poll().
enum SessionFleet {
    /// Runs `body(index, signals)` for each index on its own thread and returns once all have
    /// returned; true if a signal arrived meanwhile (each body then saw it on its `signals`).
    static func run(count: Int, _ body: @escaping @Sendable (Int, SignalPipe) -> Void) throws -> Bool {
        let signals = try SignalPipe()
        let relays = try (0..<count).map { _ in try SignalRelay() }
        // Each thread writes one byte here when it is done: the main thread waits in poll().
        let finished = try SignalRelay()
        for index in 0..<count {
            let relay = relays[index]
            let thread = Thread {
                body(index, relay.pipe)
                finished.forward(0)
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        var remaining = count
        var interrupted = false
        while remaining > 0 {
            var descriptors = [
                pollfd(fd: signals.fileDescriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: finished.pipe.fileDescriptor, events: Int16(POLLIN), revents: 0),
            ]
            if poll(&descriptors, 2, -1) < 0 {
                if errno == EINTR { continue }
                throw SystemError(call: "poll", errno: errno)
            }
            if descriptors[0].revents != 0 {
                for signal in signals.drain() {
                    interrupted = true
                    for relay in relays { relay.forward(signal) }
                }
            }
            if descriptors[1].revents != 0 { remaining -= finished.pipe.drain().count }
        }
        return interrupted
    }
}
