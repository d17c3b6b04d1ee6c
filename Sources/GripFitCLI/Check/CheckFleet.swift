import Foundation
import Glibc
import GripFitConformance
import GripFitLinux

/// `check` on several dongles at once, in one process: one thread per dongle, each running its
/// own session and poll loop (as a single `check` does), so one dongle's silence or slow replies
/// never shift another's deadlines. The threads share nothing but stdout, written a whole case
/// at a time. The main thread holds the process's signal pipe and forwards Ctrl-C to each session.
enum CheckFleet {
    /// One dongle's check, handed to its thread and read back once the thread says it is done.
    private final class Job: @unchecked Sendable {
        let device: String
        let connection: Connection
        let relay: SignalRelay
        var result: Result<CheckReport, CLIFailure>?

        init(connection: Connection) throws {
            self.connection = connection
            device = CheckRunner.device(of: connection)
            relay = try SignalRelay()
        }
    }

    struct Interrupted: Error {}

    /// Runs every dongle's check to the end; `onCase` is called from the dongles' threads.
    /// Throws ``Interrupted`` after a signal, once every session has closed its port.
    static func run(
        _ cases: [ConformanceCase], settings: ConformanceSettings, connections: [Connection],
        onCase: @escaping @Sendable (String, CaseResult) -> Void
    ) throws -> [CheckOutcome] {
        let signals = try SignalPipe()
        // Each thread writes one byte here when it is done: the main thread waits in poll(), not in join.
        let finished = try SignalRelay()
        let jobs = try connections.map(Job.init)
        for job in jobs {
            let thread = Thread {
                do {
                    let report = try CheckRunner.run(cases, settings: settings, connection: job.connection, signals: job.relay.pipe) {
                        onCase(job.device, $0)
                    }
                    job.result = .success(report)
                } catch {
                    job.result = .failure(CLIFailure(error) ?? CLIFailure("\(error)", status: .software))
                }
                finished.forward(0)
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        var remaining = jobs.count
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
                    jobs.forEach { $0.relay.forward(signal) }
                }
            }
            if descriptors[1].revents != 0 { remaining -= finished.pipe.drain().count }
        }
        if interrupted { throw Interrupted() }
        return jobs.map { job in
            CheckOutcome(device: job.device, result: job.result ?? .failure(CLIFailure("no result", status: .software)))
        }
    }
}
