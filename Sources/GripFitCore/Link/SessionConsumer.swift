/// One consumer of a session's reports (a recording, a live view, `check`, the dashboard): report
/// in, actions out, and a deadline of its own for the times no report comes. The driver fans every
/// report out to all its consumers, wakes at the earliest of their deadlines and ticks them then,
/// so two behaviours share one session without knowing of each other. Portable and clock-free:
/// tests feed reports and instants by hand. A class: the driver and the command that built it
/// both hold it, the command to read its result after the run.
public protocol SessionConsumer: AnyObject {
    /// One report, at the time it happened.
    func handle(_ report: SessionReport, at now: MonotonicInstant, link: LinkFacts, into actions: inout [ConsumerAction])
    /// When ``tick(at:link:into:)`` is due though no report may come; nil: never.
    var nextDeadline: MonotonicInstant? { get }
    /// Called once ``nextDeadline`` has passed (and possibly earlier, at other consumers' deadlines).
    func tick(at now: MonotonicInstant, link: LinkFacts, into actions: inout [ConsumerAction])
    /// Before the driver waits for input and when the session ends: a consumer that batches its
    /// output writes it here, once per wake-up, so nothing waits longer than the wake-up that made it.
    func idle(into actions: inout [ConsumerAction])
}

extension SessionConsumer {
    public var nextDeadline: MonotonicInstant? { nil }
    public func tick(at now: MonotonicInstant, link: LinkFacts, into actions: inout [ConsumerAction]) {}
    public func idle(into actions: inout [ConsumerAction]) {}
}
