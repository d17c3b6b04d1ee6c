import Synchronization

/// Fans the session's events (one `monitor --format jsonl` object each) out to every open
/// `/api/events` stream. The driver thread publishes; the server's event loops read. Bounded
/// on every side: each client keeps at most ``bufferPerClient`` events (the oldest go first when
/// a client is slow), and at most ``maxClients`` streams are open at once.
public final class EventPublisher: Sendable {
    public static let bufferPerClient = 500
    public static let maxClients = 32

    private struct State {
        var subscribers: [Int: AsyncStream<String>.Continuation] = [:]
        var nextID = 0
        /// The latest event of each kind (link state, device, bridge, reading), in first-seen
        /// order: what a late client gets first so its page is complete at once.
        var retained: [(key: String, event: String)] = []
        var finished = false
    }

    private let state = Mutex(State())

    public init() {}

    /// Sends `event` to every stream; with `retainAs`, also keeps it as the current value of that kind.
    public func publish(_ event: String, retainAs key: String? = nil) {
        state.withLock { state in
            guard !state.finished else { return }
            if let key {
                if let index = state.retained.firstIndex(where: { $0.key == key }) {
                    state.retained[index].event = event
                } else {
                    state.retained.append((key, event))
                }
            }
            for continuation in state.subscribers.values { continuation.yield(event) }
        }
    }

    /// A new stream that starts with the retained current state; nil when ``maxClients`` are open
    /// or the server is stopping.
    public func subscribe() -> AsyncStream<String>? {
        let (stream, continuation) = AsyncStream.makeStream(of: String.self, bufferingPolicy: .bufferingNewest(Self.bufferPerClient))
        let id: Int? = state.withLock { state in
            guard !state.finished, state.subscribers.count < Self.maxClients else { return nil }
            for item in state.retained { continuation.yield(item.event) }
            let id = state.nextID
            state.nextID += 1
            state.subscribers[id] = continuation
            return id
        }
        guard let id else { return nil }
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { _ = $0.subscribers.removeValue(forKey: id) }
        }
        return stream
    }

    public var subscriberCount: Int { state.withLock { $0.subscribers.count } }

    /// Ends every stream, so the server can stop without waiting for browsers to hang up.
    public func finish() {
        let continuations = state.withLock { state in
            state.finished = true
            defer { state.subscribers.removeAll() }
            return Array(state.subscribers.values)
        }
        for continuation in continuations { continuation.finish() }
    }
}
