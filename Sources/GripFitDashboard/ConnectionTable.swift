import Synchronization

/// The server's open connections and whether each has a request under way, so that one more
/// connection at the cap closes the one idle longest instead of waiting behind it. Without this,
/// clients that connect and send nothing, or keep a connection after their 401, hold every place
/// and the page waits for the idle timeout: any host on the LAN could lock the dashboard out.
/// A request under way (an event stream, a response being written) is never closed for another;
/// but a busy connection gives its place up at a response (``closesAfterResponse(_:)``), so
/// keep-alive clients that always have a request under way cannot keep a new one waiting.
public final class ConnectionTable: Sendable {
    private struct Entry {
        var close: @Sendable () -> Void
        var requests = 0
        /// Requests started on it since it opened.
        var started = 0
        /// When it last started or ended a request (or opened), in the table's own order.
        var lastActive: UInt64
    }

    private struct State {
        var entries: [Int: Entry] = [:]
        var nextID = 0
        var tick: UInt64 = 0
    }

    /// Connections open at once, as the server's accept limit counts them.
    public let limit: Int
    private let state = Mutex(State())

    public init(limit: Int) {
        self.limit = limit
    }

    /// A new connection; `close` closes it. When it takes the last place, the connection idle
    /// longest is closed, so the next one is accepted; the id is for the calls below.
    public func opened(close: @escaping @Sendable () -> Void) -> Int {
        let (id, evicted) = state.withLock { state -> (Int, (@Sendable () -> Void)?) in
            let id = state.nextID
            state.nextID += 1
            state.tick += 1
            state.entries[id] = Entry(close: close, lastActive: state.tick)
            guard state.entries.count >= limit else { return (id, nil) }
            let idle = state.entries.filter { $0.key != id && $0.value.requests == 0 }
            guard let oldest = idle.min(by: { $0.value.lastActive < $1.value.lastActive }) else { return (id, nil) }
            state.entries.removeValue(forKey: oldest.key)
            return (id, oldest.value.close)
        }
        // Outside the lock: closing runs the channel's handlers, which call back here.
        evicted?()
        return id
    }

    /// A request's head arrived on connection `id`.
    public func requestStarted(_ id: Int) {
        state.withLock { state in
            state.tick += 1
            let tick = state.tick
            state.entries[id]?.requests += 1
            state.entries[id]?.started += 1
            state.entries[id]?.lastActive = tick
        }
    }

    /// A response's end was written on connection `id`.
    public func requestEnded(_ id: Int) {
        state.withLock { state in
            state.tick += 1
            let tick = state.tick
            if let requests = state.entries[id]?.requests, requests > 0 { state.entries[id]?.requests = requests - 1 }
            state.entries[id]?.lastActive = tick
        }
    }

    /// Requests one connection may make before a response closes it (as a web server's keep-alive
    /// limit): a client that always has a request under way is sent back to the queue of clients
    /// waiting to connect, behind the owner's page. Accepting waits its turn behind the open
    /// connections' requests, so without this a flood of them kept a new client out for as long as
    /// it lasted, below the cap too. A page asks far less often; its next request reconnects.
    public static let requestsPerConnection = 100

    /// Whether the response now starting on connection `id` must close it once written: it made
    /// ``requestsPerConnection`` requests, or every place is taken and none was idle when the last
    /// one was (``opened(close:)`` closed none), so clients waiting to connect are let in only as
    /// responses end.
    public func closesAfterResponse(_ id: Int) -> Bool {
        state.withLock { state in
            guard let entry = state.entries[id] else { return false }
            return entry.started >= Self.requestsPerConnection || state.entries.count >= limit
        }
    }

    public func closed(_ id: Int) {
        _ = state.withLock { $0.entries.removeValue(forKey: id) }
    }

    public var count: Int { state.withLock { $0.entries.count } }
}
