/// A consumer made of closures, for callers whose whole behaviour is a few lines around one
/// session: probes, tests, a command that stops on a condition or at a time. Each closure returns
/// false to end the session.
public final class ReportHandler: LinkConsumer {
    private let handler: (LinkReport, MonotonicInstant) -> Bool
    private let deadline: () -> MonotonicInstant?
    private let onTick: (MonotonicInstant) -> Bool
    private let onIdle: () -> Bool

    /// `deadline` is read before every wait; `tick` runs once it has passed; `idle` before every wait.
    public init(
        deadline: @escaping () -> MonotonicInstant? = { nil },
        tick: @escaping (MonotonicInstant) -> Bool = { _ in true },
        idle: @escaping () -> Bool = { true },
        _ handler: @escaping (LinkReport, MonotonicInstant) -> Bool = { _, _ in true }
    ) {
        self.handler = handler
        self.deadline = deadline
        self.onTick = tick
        self.onIdle = idle
    }

    public func handle(_ report: LinkReport, at now: MonotonicInstant, link: LinkFacts, into actions: inout [ConsumerAction]) {
        if !handler(report, now) { actions.append(.stop) }
    }

    public var nextDeadline: MonotonicInstant? { deadline() }

    public func tick(at now: MonotonicInstant, link: LinkFacts, into actions: inout [ConsumerAction]) {
        if !onTick(now) { actions.append(.stop) }
    }

    public func idle(into actions: inout [ConsumerAction]) {
        if !onIdle() { actions.append(.stop) }
    }
}
