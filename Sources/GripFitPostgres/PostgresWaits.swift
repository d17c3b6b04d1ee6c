import NIOCore
import PostgresNIO
import Synchronization

/// Every wait of this process on a server's answer, each with a way out: its deadline, its
/// connection closing, or ``abandonAll()``. PostgresNIO fails a query on a connection that closes
/// under it, but not one written after the close (its promise is dropped with the write), which
/// left `history sync` waiting forever on a server killed mid-batch; and a server that stops
/// answering (its processes stopped, a path dropping packets) closes nothing at all.
enum PostgresWaits {
    /// How long one statement may go unanswered before the server is taken as gone: a save, a
    /// batch's statement or a listing of 100,000 sessions answers within a few seconds.
    static let answerDeadline = TimeAmount.seconds(10)

    private struct Pending {
        var connection: Int
        var fail: @Sendable (PostgresWaitFailure) -> Void
    }

    private struct State {
        var abandoned = false
        var next = 0
        var pending: [Int: Pending] = [:]
    }

    private static let state = Mutex(State())
    private static let connections = Atomic<Int>(0)

    /// A number for a new connection, to match its close with the waits on it.
    static func newConnection() -> Int {
        connections.add(1, ordering: .relaxed).newValue
    }

    /// Waits on the calling thread (never an event loop's) for `future`, which runs on `connection`
    /// (numbered by ``newConnection()``; nil while it is being opened); at `deadline` the connection
    /// is closed, so nothing of it is used again, and the wait fails.
    static func wait<T: Sendable>(
        for future: EventLoopFuture<T>,
        on connection: PostgresConnection?,
        numbered number: Int,
        within deadline: TimeAmount
    ) throws -> T {
        let promise = future.eventLoop.makePromise(of: T.self)
        future.cascade(to: promise)
        let id = try state.withLock { state throws(PostgresWaitFailure) in
            if state.abandoned { throw .abandoned }
            state.next += 1
            state.pending[state.next] = Pending(connection: number) { promise.fail($0) }
            return state.next
        }
        defer { _ = state.withLock { $0.pending.removeValue(forKey: id) } }
        // Closed before the wait was registered: ``closed(_:)`` has run and found nothing to fail.
        if connection?.isClosed == true { promise.fail(PostgresWaitFailure.closed) }
        let timeout = future.eventLoop.scheduleTask(in: deadline) {
            promise.fail(PostgresWaitFailure.noAnswer(seconds: deadline.nanoseconds / 1_000_000_000))
            let _: EventLoopFuture<Void>? = connection?.close()
        }
        promise.futureResult.whenComplete { _ in timeout.cancel() }
        return try promise.futureResult.wait()
    }

    /// A connection closed (by the server, the network or this process): what waits on it fails now.
    static func closed(_ number: Int) {
        let failed = state.withLock { state in state.pending.values.filter { $0.connection == number } }
        for pending in failed { pending.fail(.closed) }
    }

    /// Fails every wait now and any later one (a signal during a save: the user asked to stop
    /// waiting; the process is ending).
    static func abandonAll() {
        let failed = state.withLock { state in
            state.abandoned = true
            return Array(state.pending.values)
        }
        for pending in failed { pending.fail(.abandoned) }
    }
}
