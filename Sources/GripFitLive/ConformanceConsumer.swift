import GripFitConformance
import GripFitCore

/// `check`'s run as a session consumer: every report relayed to a ``ConformanceRun``, the commands
/// it asks for submitted, the run ticked every ``tickInterval`` while no report comes (a link that
/// stays down), and the session stopped once every case has finished. `onCase` gets each case as
/// it finishes, on the session's thread.
public final class ConformanceConsumer: LinkConsumer {
    /// Fine enough for the cases' deadlines, which are 300 ms and up.
    public static let tickInterval: Duration = .milliseconds(50)

    public private(set) var run: ConformanceRun
    public private(set) var nextDeadline: MonotonicInstant?
    private var reported = 0
    private let onCase: (CaseResult) -> Void

    /// Begins the run at `start`.
    public init(_ run: ConformanceRun, start: MonotonicInstant, onCase: @escaping (CaseResult) -> Void = { _ in }) {
        var run = run
        run.begin(at: start)
        self.run = run
        self.onCase = onCase
        nextDeadline = start + Self.tickInterval
    }

    public func handle(_ report: LinkReport, at now: MonotonicInstant, link: LinkFacts, into actions: inout [ConsumerAction]) {
        for command in run.handle(report, at: now) { actions.append(.submit(command)) }
        finished(into: &actions)
    }

    public func tick(at now: MonotonicInstant, link: LinkFacts, into actions: inout [ConsumerAction]) {
        for command in run.tick(at: now) { actions.append(.submit(command)) }
        nextDeadline = now + Self.tickInterval
        finished(into: &actions)
    }

    private func finished(into actions: inout [ConsumerAction]) {
        while reported < run.results.count {
            onCase(run.results[reported])
            reported += 1
        }
        if run.isFinished { actions.append(.stop) }
    }
}
