import Dispatch

/// Where the history routes do their blocking I/O (SQLite reads, calibration files): one serial
/// queue of its own, so a slow disk holds up neither Swift's cooperative pool, which the event
/// loops and every other task share, nor more than one thread.
enum HistoryThread {
    static let queue = DispatchQueue(label: "gripfit.dashboard.history")

    static func run<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result(catching: body)) }
        }
    }
}
