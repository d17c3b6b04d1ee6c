import GripFitCore
import Synchronization

/// Fans the session's events (one `monitor --format jsonl` object each) out to every open
/// `/api/events` stream. The driver thread publishes; the server's tasks take. Events wait in a
/// list per client; readings may be held a little (``publish(_:retainAs:holdUntil:)``) so that a
/// train of them wakes a client once and goes out in one write: a wake-up of the server's tasks
/// and event loop per reading was most of the dashboard's CPU at 50 Hz. Bounded on every side:
/// each client keeps at most ``bufferPerClient`` events (the oldest go first when a client is
/// slow), and at most ``maxClients`` streams are open at once.
public final class EventPublisher: Sendable {
    public static let bufferPerClient = 500
    public static let maxClients = 32
    /// How long a reading may be held: 4 readings a batch at 50 Hz, about 12 updates a second. A
    /// write to a page's socket costs the server more than the readings in it (loopback TCP
    /// delivers to the reader in the writer's time); 40 ms cost a quarter more and showed no better.
    public static let holdLimit: Duration = .milliseconds(60)
    /// How often every stream is woken, events or not; one with nothing waiting writes an SSE
    /// comment. A page that went away is found by a failed write and its place freed even while
    /// the session is quiet: a closed tab within two keep-alives, a device that vanished from the
    /// network when TCP gives up on it.
    public static let keepAliveInterval: Duration = .seconds(15)

    /// One open stream: `signals` yields when events are waiting; ``EventPublisher/take(_:)`` gets them.
    public struct Subscription: Sendable {
        public let signals: AsyncStream<Void>
        fileprivate let id: Int
    }

    private struct Subscriber {
        var signal: AsyncStream<Void>.Continuation
        var pending: [String] = []
    }

    private struct State {
        var subscribers: [Int: Subscriber] = [:]
        var nextID = 0
        /// The latest event of each kind (link state, device, bridge, reading), in first-seen
        /// order: what a late client gets first so its page is complete at once.
        var retained: [(key: String, event: String)] = []
        var finished = false
        /// When held events must go out; nil when none are held.
        var due: MonotonicInstant?
        /// When every stream is next woken though nothing may be waiting; set at the first flush.
        var keepAlive: MonotonicInstant?
    }

    private let state = Mutex(State())

    public init() {}

    /// Sends `event` to every stream; with `retainAs`, also keeps it as the current value of that
    /// kind. With `holdUntil` the streams are woken only then (by ``flush(at:)``) or by the next
    /// event that is not held, whichever comes first; order is kept either way.
    public func publish(_ event: String, retainAs key: String? = nil, holdUntil: MonotonicInstant? = nil) {
        let woken = state.withLock { state -> [AsyncStream<Void>.Continuation] in
            guard !state.finished else { return [] }
            if let key {
                if let index = state.retained.firstIndex(where: { $0.key == key }) {
                    state.retained[index].event = event
                } else {
                    state.retained.append((key, event))
                }
            }
            // By index, in place: looping over the keys while changing the values copied the dictionary.
            var index = state.subscribers.values.startIndex
            while index != state.subscribers.values.endIndex {
                Self.append(event, to: &state.subscribers.values[index])
                state.subscribers.values.formIndex(after: &index)
            }
            if let holdUntil {
                state.due = MonotonicInstant.earliest(state.due, holdUntil)
                return []
            }
            return Self.due(&state)
        }
        Self.wake(woken)
    }

    /// Stops handing `key`'s retained event to streams that open later: a state that has ended
    /// (a finished protocol's results) belongs to the pages that saw it, not to the next one opened.
    public func forget(_ key: String) {
        state.withLock { $0.retained.removeAll { $0.key == key } }
    }

    /// Wakes the streams if held events are due at `now`, and every stream at the keep-alive time.
    public func flush(at now: MonotonicInstant) {
        let woken = state.withLock { state in
            // The first flush starts the keep-alive clock.
            let keepAlive = state.keepAlive ?? now + Self.keepAliveInterval
            if keepAlive <= now {
                state.keepAlive = now + Self.keepAliveInterval
                state.due = nil
                return state.subscribers.values.map(\.signal)
            }
            state.keepAlive = keepAlive
            guard let due = state.due, due <= now else { return [AsyncStream<Void>.Continuation]() }
            return Self.due(&state)
        }
        Self.wake(woken)
    }

    /// When ``flush(at:)`` must be called at the latest. Held events: half a hold after the due
    /// time, since while readings flow the next one flushes them (`flush(at:)` with each) and the
    /// driver wakes for this only when they stop. Otherwise the keep-alive, or nil before the
    /// first flush.
    public var flushDeadline: MonotonicInstant? {
        state.withLock { .earliest($0.due.map { $0 + Self.holdLimit / 2 }, $0.keepAlive) }
    }

    /// The streams with events waiting; nothing is held after this.
    private static func due(_ state: inout State) -> [AsyncStream<Void>.Continuation] {
        state.due = nil
        return state.subscribers.values.compactMap { $0.pending.isEmpty ? nil : $0.signal }
    }

    /// Outside the lock: a woken task takes its events at once, and finding the lock still held
    /// it blocked on it, so every batch cost the driver thread a futex call and two more switches.
    private static func wake(_ signals: [AsyncStream<Void>.Continuation]) {
        for signal in signals { signal.yield() }
    }

    private static func append(_ event: String, to subscriber: inout Subscriber) {
        if subscriber.pending.count >= bufferPerClient { subscriber.pending.removeFirst() }
        subscriber.pending.append(event)
    }

    /// A new stream that starts with the retained current state; nil when ``maxClients`` are open
    /// or the server is stopping.
    public func subscribe() -> Subscription? {
        let (signals, signal) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let id: Int? = state.withLock { state in
            guard !state.finished, state.subscribers.count < Self.maxClients else { return nil }
            var subscriber = Subscriber(signal: signal)
            for item in state.retained { Self.append(item.event, to: &subscriber) }
            if !subscriber.pending.isEmpty { signal.yield() }
            let id = state.nextID
            state.nextID += 1
            state.subscribers[id] = subscriber
            return id
        }
        guard let id else { return nil }
        signal.onTermination = { [weak self] _ in
            // At the server's stop the stream ends but its last events are still to be taken.
            self?.state.withLock { state in
                if !state.finished { state.subscribers.removeValue(forKey: id) }
            }
        }
        return Subscription(signals: signals, id: id)
    }

    /// The events waiting for `subscription`, oldest first.
    public func take(_ subscription: Subscription) -> [String] {
        state.withLock { state in
            guard let events = state.subscribers[subscription.id]?.pending, !events.isEmpty else { return [] }
            state.subscribers[subscription.id]?.pending = []
            return events
        }
    }

    public var subscriberCount: Int { state.withLock { $0.subscribers.count } }

    /// Ends every stream, so the server can stop without waiting for browsers to hang up.
    public func finish() {
        let signals = state.withLock { state in
            state.finished = true
            return state.subscribers.values.map(\.signal)
        }
        for signal in signals { signal.finish() }
    }
}
