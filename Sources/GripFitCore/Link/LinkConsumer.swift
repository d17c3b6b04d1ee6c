/// One consumer of a session (a recording, a live view, `check`, the dashboard), generic over what
/// it consumes: the driver's reports (`LinkConsumer<LinkReport>`), or the same reports as
/// they leave the session's one calibration stage (GripFitLive's `CalibratedReport`, fed by a
/// `CalibratedSession`). Input in, actions out, a deadline of its own for the times no input
/// comes, and what it made of the session at the end. The driver fans every report out to all its
/// consumers, wakes at the earliest of their deadlines and ticks them then, so two behaviours
/// share one session without knowing of each other. Portable and clock-free: tests feed input and
/// instants by hand. A class: the driver and the command that built it both hold it, the command
/// to read its result after the run.
public protocol LinkConsumer<Input>: AnyObject {
    associatedtype Input
    /// What ``finish(at:link:)`` gives: the recorded session, the calibration; nothing by default.
    associatedtype Finished = Void

    /// One input, at the time it happened.
    func handle(_ input: Input, at now: MonotonicInstant, link: LinkFacts, into actions: inout [ConsumerAction])
    /// When ``tick(at:link:into:)`` is due though no input may come; nil: never.
    var nextDeadline: MonotonicInstant? { get }
    /// Called once ``nextDeadline`` has passed (and possibly earlier, at other consumers' deadlines).
    func tick(at now: MonotonicInstant, link: LinkFacts, into actions: inout [ConsumerAction])
    /// Before the driver waits for input and when the session ends: a consumer that batches its
    /// output writes it here, once per wake-up, so nothing waits longer than the wake-up that made it.
    func idle(into actions: inout [ConsumerAction])
    /// What the consumer made of the session, once it is over; call once, after the run. `link`
    /// has what the session knows then (the versions, for a consumer that saw none itself).
    func finish(at now: MonotonicInstant, link: LinkFacts) -> Finished
}

extension LinkConsumer {
    public var nextDeadline: MonotonicInstant? { nil }
    public func tick(at now: MonotonicInstant, link: LinkFacts, into actions: inout [ConsumerAction]) {}
    public func idle(into actions: inout [ConsumerAction]) {}
}

extension LinkConsumer where Finished == Void {
    public func finish(at now: MonotonicInstant, link: LinkFacts) {}
}
