import GripFitCore

/// One consumer run as the driver runs it, on a fake clock: inputs fed in at instants the test
/// chooses, the consumer ticked at each of its deadlines that has passed before the next input
/// (at the deadline, as the driver wakes then), and every action it asks for collected. Shared by
/// the live, guided, recording, dashboard and check consumers' tests, so none hand-rolls the loop.
public final class ConsumerHarness<Consumer: LinkConsumer> {
    public let consumer: Consumer
    /// The fake clock: the instant of the last input or tick.
    public private(set) var now: MonotonicInstant
    /// What the session knows, passed with every input and tick.
    public var link: LinkFacts
    /// Every action asked for so far, in order.
    public private(set) var actions: [ConsumerAction] = []

    public init(
        _ consumer: Consumer,
        start: MonotonicInstant = MonotonicInstant(nanoseconds: 1_000_000_000),
        link: LinkFacts = LinkFacts()
    ) {
        self.consumer = consumer
        self.now = start
        self.link = link
    }

    /// Once the consumer asked to stop, the driver feeds it nothing more; neither does the harness.
    public var stopped: Bool { actions.contains(.stop) }

    /// Moves the clock to `instant`, ticking at every deadline on the way; returns the actions asked for.
    @discardableResult
    public func advance(to instant: MonotonicInstant) -> [ConsumerAction] {
        var asked: [ConsumerAction] = []
        while !stopped, let due = consumer.nextDeadline, due <= instant {
            now = max(now, due)
            consumer.tick(at: now, link: link, into: &asked)
            actions += asked
            if asked.contains(.stop) { return asked }
            // A deadline the tick did not move would tick forever: the driver would spin too.
            if consumer.nextDeadline == due { break }
        }
        now = max(now, instant)
        return asked
    }

    @discardableResult
    public func advance(by step: Duration) -> [ConsumerAction] {
        advance(to: now + step)
    }

    /// `input` at `step` after the last one, the deadlines passed by then ticked first; nothing
    /// once stopped. Returns the actions asked for at this step.
    @discardableResult
    public func feed(_ input: Consumer.Input, after step: Duration = .milliseconds(100)) -> [ConsumerAction] {
        var asked = advance(by: step)
        guard !stopped else { return asked }
        var handled: [ConsumerAction] = []
        consumer.handle(input, at: now, link: link, into: &handled)
        actions += handled
        asked += handled
        return asked
    }

    /// Each of `inputs`, `step` apart, until the consumer stops.
    public func feed(_ inputs: [Consumer.Input], every step: Duration = .milliseconds(100)) {
        for input in inputs where !stopped { feed(input, after: step) }
    }

    /// With no input coming: ticks at each deadline until the consumer stops, has none, or
    /// `limit` ticks passed (a consumer that never stops fails its test instead of hanging it).
    public func tickUntilStopped(limit: Int = 10_000) {
        var ticks = 0
        while !stopped, ticks < limit, let due = consumer.nextDeadline {
            advance(to: max(due, now))
            ticks += 1
        }
    }

    /// The consumer's idle step, as the driver calls it before it waits.
    @discardableResult
    public func idle() -> [ConsumerAction] {
        var asked: [ConsumerAction] = []
        consumer.idle(into: &asked)
        actions += asked
        return asked
    }

    /// What the consumer made of the session, at the current instant.
    public func finish() -> Consumer.Finished {
        consumer.finish(at: now, link: link)
    }
}
