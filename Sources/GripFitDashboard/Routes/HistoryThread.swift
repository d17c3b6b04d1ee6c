import Dispatch

/// Where the history routes do their blocking I/O (SQLite reads, calibration files): one serial
/// queue of its own, so a slow disk holds up neither Swift's cooperative pool, which the event
/// loops and every other task share, nor more than one thread.
enum HistoryThread {
    static let queue = DispatchQueue(label: "gripfit.dashboard.history")

    /// Runs `body` on the queue with the request's ``TokenHolder`` still bound, for the audit trail.
    static func run<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
        let holder = TokenHolder.current
        return try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: TokenHolder.$current.withValue(holder) { Result(catching: body) }) }
        }
    }
}
