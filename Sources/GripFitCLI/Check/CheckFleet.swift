import GripFitConformance
import GripFitLinux

/// `check` on several dongles at once (see ``SessionFleet``). The threads share nothing but
/// stdout, written a whole case at a time.
enum CheckFleet {
    /// One dongle's check, handed to its thread and read back once every thread is done.
    private final class Job: @unchecked Sendable {
        let device: String
        let connection: Connection
        var result: Result<CheckReport, CLIFailure>?

        init(connection: Connection) {
            self.connection = connection
            device = CheckRunner.device(of: connection)
        }
    }

    struct Interrupted: Error {}

    /// Runs every dongle's check to the end; `onCase` is called from the dongles' threads.
    /// Throws ``Interrupted`` after a signal, once every session has closed its port.
    static func run(
        _ cases: [ConformanceCase],
        settings: ConformanceSettings,
        connections: [Connection],
        onCase: @escaping @Sendable (String, CaseResult) -> Void
    ) throws -> [CheckOutcome] {
        let jobs = connections.map(Job.init)
        let interrupted = try SessionFleet.run(count: jobs.count) { index, signals in
            let job = jobs[index]
            do {
                let report = try CheckRunner.run(cases, settings: settings, connection: job.connection, signals: signals) {
                    onCase(job.device, $0)
                }
                job.result = .success(report)
            } catch {
                job.result = .failure(CLIFailure(error) ?? CLIFailure("\(error)", status: .software))
            }
        }
        if interrupted { throw Interrupted() }
        return named(
            jobs.map { job in
                CheckOutcome(device: job.device, result: job.result ?? .failure(CLIFailure("no result", status: .software)))
            }
        )
    }

    /// Each checked dongle under its report's stable name, unless another dongle of the run has
    /// the same one (simulators sharing a BLE address): those keep the path they were given as.
    static func named(_ outcomes: [CheckOutcome]) -> [CheckOutcome] {
        let names = outcomes.map { (try? $0.result.get())?.device ?? $0.device }
        return zip(outcomes, names).map { outcome, name in
            guard case .success(var report) = outcome.result else { return outcome }
            if names.filter({ $0 == name }).count > 1 { report.device = outcome.device }
            return CheckOutcome(device: report.device, result: .success(report))
        }
    }
}
